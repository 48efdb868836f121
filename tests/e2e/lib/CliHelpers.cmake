# SPDX-License-Identifier: GPL-3.0-or-later
# Helpers shared by the end-to-end scripts that run gpuplan-cli (included, not a test of its own:
# tests/CMakeLists.txt turns only tests/e2e/*.cmake into tests).

function(run_cli out_var rc_var err_var)
  execute_process(COMMAND ${CLI} ${ARGN} OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
  set(${out_var} "${out}" PARENT_SCOPE)
  set(${rc_var} "${rc}" PARENT_SCOPE)
  set(${err_var} "${err}" PARENT_SCOPE)
endfunction()

function(expect_json_number json)
  string(JSON type ERROR_VARIABLE e TYPE "${json}" ${ARGN})
  if(e OR NOT type STREQUAL "NUMBER")
    string(REPLACE ";" "." path "${ARGN}")
    message(FATAL_ERROR "expected a number at ${path}, found '${type}' ${e}")
  endif()
endfunction()

function(expect_json_type json expected)
  string(JSON type ERROR_VARIABLE e TYPE "${json}" ${ARGN})
  if(e OR NOT type STREQUAL expected)
    string(REPLACE ";" "." path "${ARGN}")
    message(FATAL_ERROR "expected ${expected} at ${path}, found '${type}' ${e}")
  endif()
endfunction()
