# SPDX-License-Identifier: GPL-3.0-or-later
# `gpuplan --export-pdf OUT PLAN --portfolio PLAN ...`: the report of a shared cluster, read back
# with poppler. Its pool sizes, serving GPUs and late jobs are those of `gpuplan-cli portfolio
# --json` for the same plans and deadlines; every page renders; bad deadlines and files are refused
# naming the option and what is allowed, with no PDF left behind.
if(NOT APP)
  message(STATUS "desktop application not built (GPUPLAN_BUILD_GUI=OFF): nothing to check")
  return()
endif()
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})
include(${CMAKE_CURRENT_LIST_DIR}/lib/CliHelpers.cmake)
foreach(tool pdftotext pdftoppm)
  find_program(${tool}_EXE ${tool} REQUIRED)
endforeach()
set(ENV{XDG_CONFIG_HOME} ${WORK_DIR}/config)
set(ex ${SOURCE_DIR}/examples)
set(PLANS ${ex}/llama3-70b-training.gpuplan ${ex}/llama3-70b-training-h200.gpuplan ${ex}/llama3-8b-inference.gpuplan)

function(run_app out_var rc_var err_var)
  execute_process(COMMAND ${CMAKE_COMMAND} -E env --unset=DISPLAY --unset=WAYLAND_DISPLAY --unset=QT_QPA_PLATFORM
                          ${APP} ${ARGN} OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc TIMEOUT 120)
  set(${out_var} "${out}" PARENT_SCOPE)
  set(${rc_var} "${rc}" PARENT_SCOPE)
  set(${err_var} "${err}" PARENT_SCOPE)
endfunction()

# 1234 -> "1,234" as the report writes counts.
function(grouped value out_var)
  set(text "${value}")
  while(text MATCHES "^([0-9]+)([0-9][0-9][0-9])(.*)$")
    set(text "${CMAKE_MATCH_1},${CMAKE_MATCH_2}${CMAKE_MATCH_3}")
  endwhile()
  set(${out_var} "${text}" PARENT_SCOPE)
endfunction()

# The open plan due on day 400, the H200 run on day 300 (it takes longer: late), the chat fleet.
set(pdf ${WORK_DIR}/portfolio.pdf)
list(GET PLANS 0 first)
list(SUBLIST PLANS 1 2 others)
set(args ${first})
foreach(p ${others})
  list(APPEND args --portfolio ${p})
endforeach()
run_app(out rc err --export-pdf ${pdf} ${args} --deadline-days 400 --deadline-days-of 2=300)
if(NOT rc EQUAL 0 OR NOT out MATCHES "[0-9]+ pages")
  message(FATAL_ERROR "portfolio --export-pdf failed: rc=${rc} ${out}${err}")
endif()
execute_process(COMMAND ${pdftotext_EXE} -layout ${pdf} - OUTPUT_VARIABLE text RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "pdftotext ${pdf} failed")
endif()
foreach(needle "Shared cluster for 3 plans" "Pools" "Jobs" "Schedule" "How the cluster is sized" "H100-SXM-80GB"
               "H200-SXM-141GB" "All pools" "always on" "LATE" "on time" "Days from the start of the schedule"
               "Day of the first week")
  string(FIND "${text}" "${needle}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "the portfolio PDF lacks '${needle}':\n${text}")
  endif()
endforeach()
if(text MATCHES "(^|[^A-Za-z])(nan|inf)([^A-Za-z]|$)")
  message(FATAL_ERROR "the portfolio PDF carries nan/inf:\n${text}")
endif()

# The same cluster as the CLI's: each pool's GPUs and nodes on its row.
run_cli(json rc err portfolio ${PLANS} --deadline-days 400 --deadline-days-of 2=300 --json)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "gpuplan-cli portfolio failed: ${err}")
endif()
foreach(pool 0 1)
  string(JSON gpu GET "${json}" pools ${pool} gpu)
  string(JSON gpus GET "${json}" pools ${pool} cluster_gpus)
  string(JSON nodes GET "${json}" pools ${pool} cluster_nodes)
  string(JSON serving GET "${json}" pools ${pool} serving_gpus)
  grouped(${gpus} gpus_text)
  grouped(${nodes} nodes_text)
  if(NOT text MATCHES "${gpu}[^\n]* ${gpus_text} +${nodes_text} of 8 +${serving} ")
    message(FATAL_ERROR "the PDF's ${gpu} row lacks ${gpus_text} GPUs, ${nodes_text} nodes, ${serving} serving:\n${text}")
  endif()
endforeach()
string(JSON late GET "${json}" pools 1 jobs 0 late)
if(NOT late)
  message(FATAL_ERROR "expected the H200 run late by the CLI too")
endif()

# Every page renders.
execute_process(COMMAND ${pdftoppm_EXE} -png -r 40 ${pdf} ${WORK_DIR}/page RESULT_VARIABLE rc)
file(GLOB pages ${WORK_DIR}/page*.png)
list(LENGTH pages n)
if(NOT rc EQUAL 0 OR n LESS 2)
  message(FATAL_ERROR "pdftoppm rendered ${n} pages (rc=${rc})")
endif()

# Refused: bad deadlines and files, and no PDF is written.
include(${CMAKE_CURRENT_LIST_DIR}/lib/PortfolioRefusals.cmake)
expect_portfolio_refusals(--export-pdf ${WORK_DIR}/bad.pdf)
