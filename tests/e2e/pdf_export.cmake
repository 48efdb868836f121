# SPDX-License-Identifier: GPL-3.0-or-later
# `gpuplan --export-pdf` without a display, read back with poppler: the sections and the plan's key
# numbers are real text, fonts are embedded, every page renders, user text with markup characters
# comes out literally, several plans make one comparison report, A4 and Letter.
if(NOT APP)
  message(STATUS "desktop application not built (GPUPLAN_BUILD_GUI=OFF): nothing to check")
  return()
endif()
file(MAKE_DIRECTORY ${WORK_DIR})
set(TRAINING ${SOURCE_DIR}/examples/llama3-70b-training.gpuplan)
set(SERVING ${SOURCE_DIR}/examples/llama3-8b-inference.gpuplan)
foreach(tool pdftotext pdffonts pdftoppm pdfinfo)
  find_program(${tool}_EXE ${tool} REQUIRED)
endforeach()

function(export_pdf out)
  execute_process(COMMAND ${CMAKE_COMMAND} -E env --unset=DISPLAY --unset=WAYLAND_DISPLAY --unset=QT_QPA_PLATFORM
                          ${APP} --export-pdf ${out} ${ARGN}
                  OUTPUT_VARIABLE o ERROR_VARIABLE e RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0 OR NOT o MATCHES "[0-9]+ pages")
    message(FATAL_ERROR "gpuplan --export-pdf ${ARGN} failed: rc=${rc} ${o}${e}")
  endif()
endfunction()

function(pdf_text pdf out_var)
  execute_process(COMMAND ${pdftotext_EXE} -layout ${pdf} - OUTPUT_VARIABLE text RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "pdftotext ${pdf} failed")
  endif()
  set(${out_var} "${text}" PARENT_SCOPE)
endfunction()

function(expect_text text)
  foreach(needle ${ARGN})
    string(FIND "${text}" "${needle}" at)
    if(at EQUAL -1)
      message(FATAL_ERROR "the PDF text lacks '${needle}'")
    endif()
  endforeach()
endfunction()

# "35721443.6" -> "$35,721,444" as the report writes whole dollars.
function(dollars value out_var)
  if(NOT value MATCHES "^([0-9]+)(\\.([0-9]))?")
    message(FATAL_ERROR "not a number: ${value}")
  endif()
  set(whole ${CMAKE_MATCH_1})
  if(CMAKE_MATCH_3 GREATER_EQUAL 5)
    math(EXPR whole "${whole} + 1")
  endif()
  set(text "${whole}")
  while(text MATCHES "^([0-9]+)([0-9][0-9][0-9])(.*)$")
    set(text "${CMAKE_MATCH_1},${CMAKE_MATCH_2}${CMAKE_MATCH_3}")
  endwhile()
  set(${out_var} "$${text}" PARENT_SCOPE)
endfunction()

# One training plan, A4.
set(pdf ${WORK_DIR}/training.pdf)
export_pdf(${pdf} ${TRAINING})
pdf_text(${pdf} text)
expect_text("${text}" "Llama 3 70B pre-training on 1,024 H100" "Executive summary" "Recommendation:" "Bill of materials"
            "Capital expenditure" "Yearly cost of owning the cluster" "Cloud options" "Cloud against on-prem"
            "Alternatives considered" "Cheapest in cash, finishing in time" "Cash over"
            "Power, cooling and facility" "Memory per GPU" "Scaling" "Timeline" "Risks" "Assumptions and sources"
            "Catalog prices" "Appendix: formulas" "Prepared by" "Page 1 of")
# Key numbers of the plan, from the same evaluation the CLI reports.
execute_process(COMMAND ${CLI} evaluate ${TRAINING} --json OUTPUT_VARIABLE json RESULT_VARIABLE rc)
string(JSON capex GET "${json}" cost onprem_capex_usd)
string(JSON racks GET "${json}" cooling racks)
dollars(${capex} capexText)
expect_text("${text}" "1,024 × NVIDIA H100" "${capexText}" "${racks} racks" "12 weeks" "4 weeks")
# Axis labels and legend of the charts are text too (vector charts, not images).
expect_text("${text}" "GPU memory limit" "Scaling efficiency" "Procurement (order to delivery)")
# Searchable and copyable: no ligature glyphs ("ﬁts", "eﬃciency") in the extracted text.
if(text MATCHES "ﬀ|ﬁ|ﬂ|ﬃ|ﬄ")
  message(FATAL_ERROR "the PDF text contains ligatures, so words like 'efficiency' cannot be found")
endif()

execute_process(COMMAND ${pdffonts_EXE} ${pdf} OUTPUT_VARIABLE fonts)
string(REGEX MATCHALL "\n[^\n]*(TrueType|Type 1|Type 3|CID)[^\n]*" fontLines "${fonts}")
list(LENGTH fontLines fontCount)
if(fontCount EQUAL 0)
  message(FATAL_ERROR "no fonts in the PDF:\n${fonts}")
endif()
foreach(line IN LISTS fontLines)
  if(NOT line MATCHES " yes +(yes|no) +(yes|no) +[0-9]+ +[0-9]+ *$")
    message(FATAL_ERROR "font not embedded: ${line}")
  endif()
endforeach()

execute_process(COMMAND ${pdfinfo_EXE} ${pdf} OUTPUT_VARIABLE info)
if(NOT info MATCHES "Pages: +([0-9]+)")
  message(FATAL_ERROR "pdfinfo: ${info}")
endif()
set(pages ${CMAKE_MATCH_1})
if(pages LESS 5 OR NOT info MATCHES "\\(A4\\)")
  message(FATAL_ERROR "expected an A4 report of several pages: ${info}")
endif()
file(REMOVE_RECURSE ${WORK_DIR}/png)
file(MAKE_DIRECTORY ${WORK_DIR}/png)
execute_process(COMMAND ${pdftoppm_EXE} -r 40 -png ${pdf} ${WORK_DIR}/png/page RESULT_VARIABLE rc ERROR_VARIABLE e)
file(GLOB rendered ${WORK_DIR}/png/page-*.png)
list(LENGTH rendered renderedCount)
if(NOT rc EQUAL 0 OR NOT renderedCount EQUAL pages OR NOT e STREQUAL "")
  message(FATAL_ERROR "pdftoppm rendered ${renderedCount} of ${pages} pages: rc=${rc} ${e}")
endif()

# User text with markup characters comes out as typed.
file(READ ${TRAINING} plan)
set(hostileName [=[<b>Q3 & "big" plan</b> <i>x</i> &amp; ${HOME}]=])
set(hostileNotes [=[Budget <= 40 MW; see <a href="x">link</a> & ask R&D.]=])
string(REPLACE "\"" "\\\"" nameJson "${hostileName}")
string(REPLACE "\"" "\\\"" notesJson "${hostileNotes}")
string(JSON plan SET "${plan}" name "\"${nameJson}\"")
string(JSON plan SET "${plan}" notes "\"${notesJson}\"")
file(WRITE ${WORK_DIR}/markup.gpuplan "${plan}")
export_pdf(${WORK_DIR}/markup.pdf ${WORK_DIR}/markup.gpuplan --page-size letter)
pdf_text(${WORK_DIR}/markup.pdf markupText)
expect_text("${markupText}" "${hostileName}" "${hostileNotes}")
execute_process(COMMAND ${pdfinfo_EXE} ${WORK_DIR}/markup.pdf OUTPUT_VARIABLE info)
if(NOT info MATCHES "612 x 792 pts")
  message(FATAL_ERROR "--page-size letter did not give a Letter page: ${info}")
endif()

# Several plans: one comparison report.
export_pdf(${WORK_DIR}/comparison.pdf ${TRAINING} ${SERVING})
pdf_text(${WORK_DIR}/comparison.pdf comparisonText)
expect_text("${comparisonText}" "Comparison of 2 plans" "Comparison" "Plan 1: Llama 3 70B pre-training" "Plan 2: "
            "Plan 2 · Bill of materials" "Serving capacity")

# Bad input: a missing plan and an unknown paper size fail with a message and leave no file.
execute_process(COMMAND ${APP} --export-pdf ${WORK_DIR}/missing.pdf ${WORK_DIR}/no-such.gpuplan
                ERROR_VARIABLE e RESULT_VARIABLE rc OUTPUT_QUIET)
if(rc EQUAL 0 OR NOT e MATCHES "no-such.gpuplan" OR EXISTS ${WORK_DIR}/missing.pdf)
  message(FATAL_ERROR "a missing plan was not reported: rc=${rc} ${e}")
endif()
execute_process(COMMAND ${APP} --export-pdf ${WORK_DIR}/x.pdf ${TRAINING} --page-size legal
                ERROR_VARIABLE e RESULT_VARIABLE rc OUTPUT_QUIET)
if(rc EQUAL 0 OR NOT e MATCHES "page-size")
  message(FATAL_ERROR "an unknown page size was accepted: rc=${rc} ${e}")
endif()

# An option --export-pdf does not use (an edit, a window option) is refused, not silently dropped.
execute_process(COMMAND ${APP} --export-pdf ${WORK_DIR}/edited.pdf ${TRAINING} --set report.organisation=ACME
                ERROR_VARIABLE e RESULT_VARIABLE rc OUTPUT_QUIET)
if(rc EQUAL 0 OR NOT e MATCHES "--set: not used with --export-pdf" OR EXISTS ${WORK_DIR}/edited.pdf)
  message(FATAL_ERROR "--set with --export-pdf was not refused: rc=${rc} ${e}")
endif()

# Issue 16: a plan that cannot run says so on the cover, and its figures read "would be".
file(READ ${TRAINING} doc)
string(JSON doc SET "${doc}" hardware num_gpus 1000)
file(WRITE ${WORK_DIR}/invalid.gpuplan "${doc}")
set(pdf ${WORK_DIR}/invalid.pdf)
export_pdf(${pdf} ${WORK_DIR}/invalid.gpuplan)
execute_process(COMMAND ${pdftotext_EXE} -f 1 -l 1 ${pdf} - OUTPUT_VARIABLE cover RESULT_VARIABLE rc)
string(REGEX REPLACE "[ \n]+" " " cover "${cover}")
expect_text("${cover}" "INVALID PLAN: The 1000 GPUs cannot be split" "not a plan to order from")
pdf_text(${pdf} text)
string(REGEX REPLACE "[ \n]+" " " text "${text}")
expect_text("${text}" "would be" "Not ready to order")

# Branding: a logo that cannot be read is named on standard error as a warning; the PDF is still
# written (exit 0) with the organisation on the cover (tests/ui/tst_reportbranding.cpp checks a real logo).
file(READ ${TRAINING} doc)
string(JSON doc SET "${doc}" report "{\"organisation\": \"Example Research Lab\", \"logo\": \"missing-logo.png\"}")
file(WRITE ${WORK_DIR}/branded.gpuplan "${doc}")
set(pdf ${WORK_DIR}/branded.pdf)
execute_process(COMMAND ${CMAKE_COMMAND} -E env --unset=DISPLAY --unset=WAYLAND_DISPLAY --unset=QT_QPA_PLATFORM
                        ${APP} --export-pdf ${pdf} ${WORK_DIR}/branded.gpuplan
                OUTPUT_VARIABLE o ERROR_VARIABLE e RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT o MATCHES "[0-9]+ pages"
   OR NOT e MATCHES "gpuplan: warning: report.logo: \"missing-logo.png\": file not found")
  message(FATAL_ERROR "a missing logo did not give a PDF and a warning: rc=${rc} ${o}${e}")
endif()
execute_process(COMMAND ${pdftotext_EXE} -f 1 -l 1 ${pdf} - OUTPUT_VARIABLE cover)
expect_text("${cover}" "Example Research Lab")
