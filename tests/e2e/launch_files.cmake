# SPDX-License-Identifier: GPL-3.0-or-later
# gpuplan-cli export: launch files written to disk and checked with the tools that read them
# (bash -n for the scripts, a JSON parser for the DeepSpeed configuration and the manifest), and
# the results as JSON and CSV.
file(MAKE_DIRECTORY ${WORK_DIR})
set(TRAINING ${SOURCE_DIR}/examples/llama3-70b-training.gpuplan)
set(SERVING ${SOURCE_DIR}/examples/llama3-8b-inference.gpuplan)
find_program(BASH bash REQUIRED)

function(export_launch plan format out)
  execute_process(COMMAND ${CLI} export ${plan} --launch ${format} --out ${out}
                  OUTPUT_VARIABLE o ERROR_VARIABLE e RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0 OR NOT EXISTS ${out})
    message(FATAL_ERROR "export --launch ${format} failed: rc=${rc} ${o}${e}")
  endif()
endfunction()

function(expect_bash_syntax file)
  execute_process(COMMAND ${BASH} -n ${file} ERROR_VARIABLE e RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "bash -n ${file}: ${e}")
  endif()
endfunction()

function(expect_contains file)
  file(READ ${file} text)
  foreach(needle ${ARGN})
    string(FIND "${text}" "${needle}" at)
    if(at EQUAL -1)
      message(FATAL_ERROR "${file} lacks '${needle}':\n${text}")
    endif()
  endforeach()
endfunction()

# Slurm: 1,024 GPUs in nodes of 8 = 128 nodes, one torchrun task per node.
export_launch(${TRAINING} slurm ${WORK_DIR}/job.slurm.sh)
expect_bash_syntax(${WORK_DIR}/job.slurm.sh)
expect_contains(${WORK_DIR}/job.slurm.sh "#SBATCH --nodes=128\n" "#SBATCH --gres=gpu:8\n" "#SBATCH --ntasks-per-node=1\n"
                "srun " "torchrun" "--tensor-model-parallel-size 8")

export_launch(${TRAINING} torchrun ${WORK_DIR}/job.torchrun.sh)
expect_bash_syntax(${WORK_DIR}/job.torchrun.sh)
expect_contains(${WORK_DIR}/job.torchrun.sh "NNODES=128\n" "NPROC_PER_NODE=8\n" "exec torchrun")

# Megatron-LM: TP 8, PP 4 with 5 virtual stages of 4 layers, micro-batch 1, global batch 1,024.
export_launch(${TRAINING} megatron ${WORK_DIR}/job.megatron.sh)
expect_bash_syntax(${WORK_DIR}/job.megatron.sh)
expect_contains(${WORK_DIR}/job.megatron.sh "--tensor-model-parallel-size 8" "--pipeline-model-parallel-size 4"
                "--num-layers-per-virtual-pipeline-stage 4" "--context-parallel-size 1" "--micro-batch-size 1"
                "--global-batch-size 1024" "--sequence-parallel")

# DeepSpeed: valid JSON matching the plan (DP 32 x micro-batch 1 x 32 accumulation steps = 1,024).
export_launch(${TRAINING} deepspeed ${WORK_DIR}/job.deepspeed.json)
file(READ ${WORK_DIR}/job.deepspeed.json ds)
string(JSON batch ERROR_VARIABLE err GET "${ds}" train_batch_size)
if(err OR NOT batch EQUAL 1024)
  message(FATAL_ERROR "DeepSpeed train_batch_size: '${batch}' ${err}")
endif()
string(JSON micro GET "${ds}" train_micro_batch_size_per_gpu)
string(JSON accumulation GET "${ds}" gradient_accumulation_steps)
string(JSON stage GET "${ds}" zero_optimization stage)
string(JSON bf16 GET "${ds}" bf16 enabled)
if(NOT micro EQUAL 1 OR NOT accumulation EQUAL 32 OR NOT stage EQUAL 1 OR NOT bf16 STREQUAL "ON")
  message(FATAL_ERROR "DeepSpeed config does not match the plan: micro=${micro} accumulation=${accumulation} stage=${stage} bf16=${bf16}")
endif()

# Kubernetes PyTorchJob: comment header, then JSON (also YAML); GPUs of all pods = 1,024.
function(manifest_json file out_var)
  file(READ ${file} text)
  string(REGEX REPLACE "#[^\n]*\n" "" body "${text}")   # comment lines (JSON strings hold no '#' here)
  set(${out_var} "${body}" PARENT_SCOPE)
endfunction()
export_launch(${TRAINING} k8s ${WORK_DIR}/job.k8s.yaml)
manifest_json(${WORK_DIR}/job.k8s.yaml job)
string(JSON kind ERROR_VARIABLE err GET "${job}" kind)
if(err OR NOT kind STREQUAL "PyTorchJob")
  message(FATAL_ERROR "manifest kind: '${kind}' ${err}")
endif()
string(JSON masters GET "${job}" spec pytorchReplicaSpecs Master replicas)
string(JSON workers GET "${job}" spec pytorchReplicaSpecs Worker replicas)
string(JSON perPod GET "${job}" spec pytorchReplicaSpecs Worker template spec containers 0 resources limits nvidia.com/gpu)
math(EXPR total "(${masters} + ${workers}) * ${perPod}")
if(NOT total EQUAL 1024)
  message(FATAL_ERROR "manifest asks for ${total} GPUs, the plan has 1024")
endif()
# Where a YAML parser is at hand, the file as written (comments included) must load as YAML too.
find_program(PYTHON3 python3)
if(PYTHON3)
  execute_process(COMMAND ${PYTHON3} -c "import yaml" RESULT_VARIABLE noyaml OUTPUT_QUIET ERROR_QUIET)
  if(noyaml EQUAL 0)
    execute_process(COMMAND ${PYTHON3} -c
                    "import sys, yaml; d = yaml.safe_load(open(sys.argv[1])); s = d['spec']['pytorchReplicaSpecs']; print(sum(r['replicas'] * r['template']['spec']['containers'][0]['resources']['limits']['nvidia.com/gpu'] for r in s.values()))"
                    ${WORK_DIR}/job.k8s.yaml OUTPUT_VARIABLE yamlGpus RESULT_VARIABLE rc)
    string(STRIP "${yamlGpus}" yamlGpus)
    if(NOT rc EQUAL 0 OR NOT yamlGpus STREQUAL "1024")
      message(FATAL_ERROR "the manifest does not load as YAML with 1024 GPUs: rc=${rc} '${yamlGpus}'")
    endif()
  endif()
endif()

# Serving: vLLM script and a Deployment; training formats refused with the formats that apply.
export_launch(${SERVING} vllm ${WORK_DIR}/serve.vllm.sh)
expect_bash_syntax(${WORK_DIR}/serve.vllm.sh)
expect_contains(${WORK_DIR}/serve.vllm.sh "--tensor-parallel-size 1" "vllm serve")
export_launch(${SERVING} k8s ${WORK_DIR}/serve.k8s.yaml)
manifest_json(${WORK_DIR}/serve.k8s.yaml servingList)
# With a request rate the file is one List: the Deployment, then its HorizontalPodAutoscaler.
string(JSON hpaKind GET "${servingList}" items 1 kind)
if(NOT hpaKind STREQUAL "HorizontalPodAutoscaler")
  message(FATAL_ERROR "serving manifest: the second item is ${hpaKind}, not the autoscaler")
endif()
string(JSON deployment GET "${servingList}" items 0)
string(JSON kind GET "${deployment}" kind)
string(JSON replicas GET "${deployment}" spec replicas)
string(JSON perPod GET "${deployment}" spec template spec containers 0 resources limits nvidia.com/gpu)
math(EXPR total "${replicas} * ${perPod}")
# The example plan asks for a request rate: the Deployment holds the replicas the sizing needs
# (evaluate's replicas_needed), not every replica its 8 GPUs would hold.
execute_process(COMMAND ${CLI} evaluate ${SERVING} --json OUTPUT_VARIABLE evaluation RESULT_VARIABLE rc)
string(JSON needed GET "${evaluation}" inference replicas_needed)
if(NOT kind STREQUAL "Deployment" OR NOT replicas EQUAL needed OR NOT total EQUAL needed)
  message(FATAL_ERROR "serving manifest: kind=${kind}, ${replicas} replicas, ${total} GPUs (replicas_needed: ${needed})")
endif()
# Disaggregated serving: one script for both pools (ROLE), and two Deployments whose pods hold the
# pools' 56 GPUs (2 prefill workers and 5 decode workers of 8).
set(DISAGGREGATED ${SOURCE_DIR}/examples/deepseek-r1-disaggregated-h200.gpuplan)
export_launch(${DISAGGREGATED} vllm ${WORK_DIR}/pools.vllm.sh)
expect_bash_syntax(${WORK_DIR}/pools.vllm.sh)
expect_contains(${WORK_DIR}/pools.vllm.sh "ROLE=${ROLE:?" "PREFILL_ARGS=(" "DECODE_ARGS=(" "NixlConnector"
                "VLLM_NIXL_SIDE_CHANNEL_PORT=")
execute_process(COMMAND ${CMAKE_COMMAND} -E env ROLE=router MODEL=m ${BASH} ${WORK_DIR}/pools.vllm.sh
                ERROR_VARIABLE e RESULT_VARIABLE rc OUTPUT_QUIET)
if(NOT rc EQUAL 2 OR NOT e MATCHES "ROLE must be prefill or decode")
  message(FATAL_ERROR "the pools' script accepted ROLE=router: rc=${rc} ${e}")
endif()
export_launch(${DISAGGREGATED} k8s ${WORK_DIR}/pools.k8s.yaml)
manifest_json(${WORK_DIR}/pools.k8s.yaml pools)
set(total 0)
foreach(i 0 1)
  string(JSON replicas GET "${pools}" items ${i} spec replicas)
  string(JSON perPod GET "${pools}" items ${i} spec template spec containers 0 resources limits nvidia.com/gpu)
  math(EXPR total "${total} + ${replicas} * ${perPod}")
endforeach()
string(JSON firstRole GET "${pools}" items 0 metadata labels gpuplan.org/role)
if(NOT total EQUAL 56 OR NOT firstRole STREQUAL "prefill")
  message(FATAL_ERROR "pools manifest: ${total} GPUs (56 planned), first role ${firstRole}")
endif()
execute_process(COMMAND ${CLI} export ${SERVING} --launch slurm ERROR_VARIABLE e RESULT_VARIABLE rc OUTPUT_QUIET)
if(rc EQUAL 0 OR NOT e MATCHES "training" OR NOT e MATCHES "vllm")
  message(FATAL_ERROR "a training format for a serving plan was not refused clearly: rc=${rc} ${e}")
endif()
execute_process(COMMAND ${CLI} export ${TRAINING} --launch docker ERROR_VARIABLE e RESULT_VARIABLE rc OUTPUT_QUIET)
if(rc EQUAL 0 OR NOT e MATCHES "--launch")
  message(FATAL_ERROR "unknown launch format accepted: rc=${rc} ${e}")
endif()

# Results: JSON with the evaluate --json sections plus scaling; CSV with four columns.
execute_process(COMMAND ${CLI} export ${TRAINING} --results json --out ${WORK_DIR}/results.json RESULT_VARIABLE rc)
file(READ ${WORK_DIR}/results.json results)
string(JSON gpus ERROR_VARIABLE err GET "${results}" bom 0 quantity)
string(JSON points ERROR_VARIABLE err2 LENGTH "${results}" scaling points)
if(NOT rc EQUAL 0 OR err OR err2 OR NOT gpus EQUAL 1024 OR points LESS 3)
  message(FATAL_ERROR "results JSON: rc=${rc} gpus=${gpus} points=${points} ${err} ${err2}")
endif()
execute_process(COMMAND ${CLI} export ${TRAINING} --results csv --out ${WORK_DIR}/results.csv RESULT_VARIABLE rc)
expect_contains(${WORK_DIR}/results.csv "section,name,value,unit" "bom,gpu.quantity,1024,units" "memory,per_gpu_bytes,")
file(STRINGS ${WORK_DIR}/results.csv header LIMIT_COUNT 1)
if(NOT header STREQUAL "section,name,value,unit")
  message(FATAL_ERROR "CSV header: '${header}'")
endif()
