# SPDX-License-Identifier: GPL-3.0-or-later
# Writers that tell the truth (common/AtomicFile.h, docs/robustness.md): under a file size limit
# (`ulimit -f 0`, which plays a full disk: write() fails with EFBIG) gpuplan-cli export and
# calibrate and gpuplan --export-pdf exit non-zero naming the file and the reason, and the file
# that was there survives unchanged, with no temporary file left beside it. Then a link planted
# at the output path is replaced, not written through.
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR}/out)
find_program(BASH bash REQUIRED)
set(PLAN ${SOURCE_DIR}/examples/llama3-70b-training.gpuplan)
set(OLD "the good old file\n")

# Runs the CLI with a file size limit of 0 bytes: any byte written to a file fails with EFBIG.
function(run_limited result_var err_var)
  execute_process(COMMAND ${BASH} -c "ulimit -f 0 && exec \"$0\" \"$@\"" ${CLI} ${ARGN}
                  OUTPUT_VARIABLE o ERROR_VARIABLE e RESULT_VARIABLE rc)
  set(${result_var} ${rc} PARENT_SCOPE)
  set(${err_var} "${e}" PARENT_SCOPE)
endfunction()

function(expect_survived file what rc err)
  if(rc EQUAL 0)
    message(FATAL_ERROR "${what}: exit code 0 under a file size limit")
  endif()
  if(NOT err MATCHES "cannot write" OR NOT err MATCHES "File too large")
    message(FATAL_ERROR "${what}: the message does not say what failed: ${err}")
  endif()
  file(READ ${file} now)
  if(NOT now STREQUAL OLD)
    message(FATAL_ERROR "${what}: the old file was changed: '${now}'")
  endif()
  file(GLOB left ${WORK_DIR}/out/.*)
  if(left)
    message(FATAL_ERROR "${what}: temporary files left: ${left}")
  endif()
endfunction()

# A launch script.
file(WRITE ${WORK_DIR}/out/job.sh "${OLD}")
run_limited(rc err export ${PLAN} --launch slurm --out ${WORK_DIR}/out/job.sh)
expect_survived(${WORK_DIR}/out/job.sh "export --launch slurm" "${rc}" "${err}")

# The results document.
file(WRITE ${WORK_DIR}/out/results.json "${OLD}")
run_limited(rc err export ${PLAN} --results json --out ${WORK_DIR}/out/results.json)
expect_survived(${WORK_DIR}/out/results.json "export --results json" "${rc}" "${err}")

# A calibration that would replace the user's earlier one (it used to be written in place).
file(WRITE ${WORK_DIR}/out/calibration.json "${OLD}")
run_limited(rc err calibrate ${SOURCE_DIR}/tests/data/validation/training_public.csv --gpu H100-SXM-80GB
            --out ${WORK_DIR}/out/calibration.json)
expect_survived(${WORK_DIR}/out/calibration.json "calibrate" "${rc}" "${err}")

# The desktop application's PDF export (it printed "8 pages" over a truncated file before).
if(APP)
  file(WRITE ${WORK_DIR}/out/report.pdf "${OLD}")
  execute_process(COMMAND ${CMAKE_COMMAND} -E env --unset=DISPLAY --unset=WAYLAND_DISPLAY --unset=QT_QPA_PLATFORM
                          ${BASH} -c "ulimit -f 0 && exec \"$0\" \"$@\"" ${APP} --export-pdf ${WORK_DIR}/out/report.pdf ${PLAN}
                  OUTPUT_VARIABLE o ERROR_VARIABLE e RESULT_VARIABLE rc)
  expect_survived(${WORK_DIR}/out/report.pdf "gpuplan --export-pdf" "${rc}" "${e}")
  if(o MATCHES "pages")
    message(FATAL_ERROR "gpuplan --export-pdf claimed success: ${o}")
  endif()
endif()

# Without the limit the same commands succeed; a link at the output path is replaced by the
# file and its target is left alone.
file(WRITE ${WORK_DIR}/victim "${OLD}")
file(CREATE_LINK ${WORK_DIR}/victim ${WORK_DIR}/out/linked.sh SYMBOLIC)
execute_process(COMMAND ${CLI} export ${PLAN} --launch slurm --out ${WORK_DIR}/out/linked.sh
                ERROR_VARIABLE e RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "export without a limit failed: ${e}")
endif()
file(READ ${WORK_DIR}/victim now)
if(NOT now STREQUAL OLD OR IS_SYMLINK ${WORK_DIR}/out/linked.sh)
  message(FATAL_ERROR "the export wrote through a link planted at its output path")
endif()
