# SPDX-License-Identifier: GPL-3.0-or-later
# 1,000 hostile plan names (tests/core/tst_hostilenames.cpp) through every generated file, read
# back with the formats' own parsers (tests/e2e/lib/HostileFiles.py: PyYAML, bash -n, Python's
# csv): no name adds or removes a YAML document, a key, a shell command or a Slurm directive.
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})
find_program(BASH bash REQUIRED)
find_package(Python3 COMPONENTS Interpreter REQUIRED)
execute_process(COMMAND ${Python3_EXECUTABLE} -c "import yaml" RESULT_VARIABLE has_yaml)
if(NOT has_yaml EQUAL 0)
  message(FATAL_ERROR "PyYAML is missing (Debian: python3-yaml, in .ci/quickstart.sh's package list)")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E env GPUPLAN_HOSTILE_DIR=${WORK_DIR}/files
                        ${BINARY_DIR}/tests/tst_hostilenames thousandHostileNames
                OUTPUT_VARIABLE o ERROR_VARIABLE e RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "tst_hostilenames failed: ${o}${e}")
endif()
execute_process(COMMAND ${Python3_EXECUTABLE} ${SOURCE_DIR}/tests/e2e/lib/HostileFiles.py ${WORK_DIR}/files ${BASH}
                OUTPUT_VARIABLE o ERROR_VARIABLE e RESULT_VARIABLE rc)
message(STATUS "${o}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "generated files do not hold their structure:\n${o}${e}")
endif()
file(REMOVE_RECURSE ${WORK_DIR}/files)
