# SPDX-License-Identifier: GPL-3.0-or-later
# docs/plan-format.md carries the field table of `gpuplan-cli fields --markdown`; this keeps them equal.
execute_process(COMMAND ${CLI} fields --markdown OUTPUT_VARIABLE generated RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "gpuplan-cli fields failed (${rc})")
endif()
file(READ ${SOURCE_DIR}/docs/plan-format.md doc)
string(FIND "${doc}" "<!-- fields:begin -->\n" begin)
string(FIND "${doc}" "<!-- fields:end -->" end)
if(begin LESS 0 OR end LESS 0)
  message(FATAL_ERROR "docs/plan-format.md lacks the fields:begin/fields:end markers")
endif()
math(EXPR start "${begin} + 22")
math(EXPR length "${end} - ${start}")
string(SUBSTRING "${doc}" ${start} ${length} documented)
if(NOT documented STREQUAL generated)
  message(FATAL_ERROR "The field table in docs/plan-format.md is out of date. Regenerate it between the markers "
                      "with: gpuplan-cli fields --markdown")
endif()
