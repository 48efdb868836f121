# SPDX-License-Identifier: GPL-3.0-or-later
# gpuplan-cli evaluate on plans that cannot run (issue 16): the verdict comes before any figure,
# the exit status is 3, --json carries the verdict and the diagnostics; a valid plan exits 0.
# Also: --set model.preset applies the preset's architecture, and the formatting conventions.
set(PLAN ${SOURCE_DIR}/examples/llama3-70b-training.gpuplan)

function(evaluate out_var rc_var err_var)
  execute_process(COMMAND ${CLI} evaluate ${PLAN} ${ARGN} OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
  set(${out_var} "${out}" PARENT_SCOPE)
  set(${rc_var} "${rc}" PARENT_SCOPE)
  set(${err_var} "${err}" PARENT_SCOPE)
endfunction()

# One invalid case: exit 3, text starts with the verdict naming the reason, the figures follow as
# "would be", the error is not repeated among the notes; --json has the status and reason code.
function(expect_invalid heading reason text_pattern)
  evaluate(out rc err ${ARGN})
  if(NOT rc EQUAL 3)
    message(FATAL_ERROR "${ARGN}: expected exit 3, got ${rc}: ${err}")
  endif()
  string(FIND "${out}" "${heading}" at)
  if(NOT at EQUAL 0)
    message(FATAL_ERROR "${ARGN}: the report does not start with '${heading}':\n${out}")
  endif()
  if(NOT out MATCHES "${text_pattern}")
    message(FATAL_ERROR "${ARGN}: reason '${text_pattern}' not stated:\n${out}")
  endif()
  if(NOT out MATCHES "would be if the plan could run")
    message(FATAL_ERROR "${ARGN}: figures not marked as hypothetical:\n${out}")
  endif()
  if(NOT err MATCHES "gpuplan-cli: .*(invalid plan|does not fit): ")
    message(FATAL_ERROR "${ARGN}: no one-line verdict on stderr: ${err}")
  endif()
  evaluate(json rc err ${ARGN} --json)
  if(NOT rc EQUAL 3)
    message(FATAL_ERROR "${ARGN} --json: expected exit 3, got ${rc}")
  endif()
  string(JSON status GET "${json}" validity status)
  string(JSON code GET "${json}" validity reason)
  if(NOT code STREQUAL "${reason}")
    message(FATAL_ERROR "${ARGN}: validity.reason is ${code} (${status}), expected ${reason}")
  endif()
  string(JSON ndiag LENGTH "${json}" diagnostics)
  if(ndiag LESS 1)
    message(FATAL_ERROR "${ARGN}: --json lost the diagnostics")
  endif()
endfunction()

# Issue 16: 1,000 GPUs cannot be split into TP 8 x PP 4 groups.
expect_invalid("INVALID PLAN: " gpus_not_divisible "1000 GPUs cannot be split into groups of TP x PP x CP = 32"
               --set hardware.num_gpus=1000)
# Issue 16: 100k GPUs with a global batch of 1,024 leave most data-parallel replicas without work.
expect_invalid("INVALID PLAN: " replicas_without_work "replicas would get no sequence per step"
               --set hardware.num_gpus=100000 --set parallelism.vp=1)
# Issue 16: the 70B model on L4 GPUs does not fit; no cost stands as an answer.
expect_invalid("DOES NOT FIT: " does_not_fit "Needs .* GiB per GPU but the GPU has"
               --set hardware.gpu=L4-24GB)

# The serving example's average request rate above its peak of 40 requests/s: both fields named.
set(PLAN ${SOURCE_DIR}/examples/llama3-8b-inference.gpuplan)
expect_invalid("INVALID PLAN: " average_rate_above_peak
               "workload.inference.average_request_rate = 60 requests/s is above workload.inference.request_rate = 40"
               --set workload.inference.average_request_rate=60)
# The disaggregated example's pools need 56 GPUs: 48 listed is invalid, naming the field, value and what is allowed.
set(PLAN ${SOURCE_DIR}/examples/deepseek-r1-disaggregated-h200.gpuplan)
expect_invalid("INVALID PLAN: " pools_exceed_gpus "hardware.num_gpus = 48 is fewer than the 56 GPUs .*allowed: at least 56"
               --set hardware.num_gpus=48)
expect_invalid("INVALID PLAN: " pool_not_divide_tp "workload.inference.decode_attention_dp = 3 does not divide the worker's 8"
               --set workload.inference.decode_attention_dp=3)
evaluate(json rc err --json)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "disaggregated example refused: rc=${rc} ${err}")
endif()
string(JSON pool_gpus GET "${json}" inference disaggregated gpus)
string(JSON deployed GET "${json}" deployed gpus)
if(NOT pool_gpus EQUAL 56 OR NOT deployed EQUAL 56)
  message(FATAL_ERROR "disaggregated example: pools ${pool_gpus} GPUs, deployed ${deployed}; expected 56 and 56")
endif()
set(PLAN ${SOURCE_DIR}/examples/llama3-70b-training.gpuplan)

# The valid example: exit 0, status valid, both times to train labelled.
evaluate(out rc err)
if(NOT rc EQUAL 0 OR out MATCHES "INVALID PLAN|DOES NOT FIT")
  message(FATAL_ERROR "valid example refused: rc=${rc} ${err}\n${out}")
endif()
if(NOT out MATCHES "time to train, no failures" OR NOT out MATCHES "time to train with failures")
  message(FATAL_ERROR "the two times to train are not both labelled:\n${out}")
endif()
evaluate(json rc err --json)
string(JSON status GET "${json}" validity status)
if(NOT status STREQUAL "valid")
  message(FATAL_ERROR "valid example: validity.status = ${status}")
endif()

# Issue 16: --set model.preset replaces the architecture (405B: about 406 B parameters, not 70 B).
evaluate(json rc err --json --set model.preset=llama3-405b --set hardware.num_gpus=16384 --set parallelism.pp=16
         --set parallelism.vp=1)
string(JSON params GET "${json}" model total_params)
if(params LESS 4.0e11 OR params GREATER 4.1e11)
  message(FATAL_ERROR "--set model.preset=llama3-405b gave ${params} parameters")
endif()

# Issue 16: money in k/M/B (finance reads "B", not "G"); small energies in kWh, not "0 MWh".
evaluate(out rc err --set hardware.num_gpus=100000 --set parallelism.vp=1 --set workload.training.global_batch=4096)
if(out MATCHES "\\$[0-9.]+ G")
  message(FATAL_ERROR "money written with a G suffix:\n${out}")
endif()
evaluate(out rc err --set hardware.num_gpus=8 --set parallelism.pp=1 --set parallelism.vp=1 --set parallelism.tp=8
         --set workload.training.tokens=1000000)
if(out MATCHES " 0 MWh" OR out MATCHES " 0 t CO2")
  message(FATAL_ERROR "a small run reads 0 MWh / 0 t:\n${out}")
endif()
if(NOT out MATCHES "[0-9] kWh")
  message(FATAL_ERROR "a small run's energy is not in kWh:\n${out}")
endif()
