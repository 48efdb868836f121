# SPDX-License-Identifier: GPL-3.0-or-later
# The gpuplan desktop executable without a display: --screenshot renders the main window to a PNG
# of the requested size, the examples open, a bad plan is refused with the field named and a
# non-zero exit, and --version/--help work headless.
if(NOT APP)
  message(STATUS "desktop application not built (GPUPLAN_BUILD_GUI=OFF): nothing to check")
  return()
endif()
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})
# No display: the application must choose the offscreen platform by itself.
unset(ENV{QT_QPA_PLATFORM})
unset(ENV{DISPLAY})
unset(ENV{WAYLAND_DISPLAY})
set(ENV{XDG_CONFIG_HOME} ${WORK_DIR}/config)

function(run_app out_var rc_var err_var)
  execute_process(COMMAND ${APP} ${ARGN} OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc TIMEOUT 120)
  set(${out_var} "${out}" PARENT_SCOPE)
  set(${rc_var} "${rc}" PARENT_SCOPE)
  set(${err_var} "${err}" PARENT_SCOPE)
endfunction()

# Width and height from the PNG header (IHDR: bytes 16-23, big-endian).
function(png_size file w_var h_var)
  file(READ ${file} header LIMIT 24 HEX)
  string(SUBSTRING "${header}" 0 16 magic)
  if(NOT magic STREQUAL "89504e470d0a1a0a")
    message(FATAL_ERROR "${file} is not a PNG")
  endif()
  string(SUBSTRING "${header}" 32 8 w)
  string(SUBSTRING "${header}" 40 8 h)
  math(EXPR w "0x${w}")
  math(EXPR h "0x${h}")
  set(${w_var} ${w} PARENT_SCOPE)
  set(${h_var} ${h} PARENT_SCOPE)
endfunction()

run_app(out rc err --version)
if(NOT rc EQUAL 0 OR NOT out MATCHES "gpuplan [0-9]+\\.[0-9]+")
  message(FATAL_ERROR "--version failed: rc=${rc} ${out}${err}")
endif()
run_app(out rc err --help)
if(NOT rc EQUAL 0 OR NOT out MATCHES "--screenshot" OR NOT out MATCHES "--bench")
  message(FATAL_ERROR "--help failed: rc=${rc} ${out}${err}")
endif()

# Screenshot of each example at a requested size.
foreach(example llama3-70b-training llama3-8b-inference)
  set(png ${WORK_DIR}/${example}.png)
  run_app(out rc err --screenshot ${png} --size 1280x800 ${SOURCE_DIR}/examples/${example}.gpuplan)
  if(NOT rc EQUAL 0 OR NOT EXISTS ${png})
    message(FATAL_ERROR "screenshot of ${example} failed: rc=${rc} ${out}${err}")
  endif()
  png_size(${png} w h)
  if(NOT w EQUAL 1280 OR NOT h EQUAL 800)
    message(FATAL_ERROR "screenshot of ${example} is ${w}x${h}, expected 1280x800")
  endif()
  file(SIZE ${png} bytes)
  if(bytes LESS 20000)
    message(FATAL_ERROR "screenshot of ${example} is suspiciously small (${bytes} bytes)")
  endif()
endforeach()

# Default size.
run_app(out rc err --screenshot ${WORK_DIR}/default.png)
png_size(${WORK_DIR}/default.png w h)
if(NOT rc EQUAL 0 OR NOT w EQUAL 1600 OR NOT h EQUAL 1000)
  message(FATAL_ERROR "default screenshot: rc=${rc} ${w}x${h} ${err}")
endif()

# A bad plan: refused, field named, nothing written.
file(WRITE ${WORK_DIR}/bad.gpuplan "{\"format\": \"gpuplan-plan\", \"version\": 1, \"hardware\": {\"num_gpus\": 0}}")
run_app(out rc err --screenshot ${WORK_DIR}/bad.png ${WORK_DIR}/bad.gpuplan)
if(rc EQUAL 0 OR NOT err MATCHES "hardware.num_gpus" OR EXISTS ${WORK_DIR}/bad.png)
  message(FATAL_ERROR "bad plan not refused: rc=${rc} ${err}")
endif()
run_app(out rc err --screenshot ${WORK_DIR}/missing.png ${WORK_DIR}/no-such-file.gpuplan)
if(rc EQUAL 0 OR EXISTS ${WORK_DIR}/missing.png)
  message(FATAL_ERROR "missing plan not refused: rc=${rc} ${err}")
endif()
run_app(out rc err --screenshot ${WORK_DIR}/size.png --size 12x12)
if(rc EQUAL 0 OR NOT err MATCHES "--size")
  message(FATAL_ERROR "bad --size accepted: rc=${rc} ${err}")
endif()

# The Portfolio tab from the command line: plan files join the open plan, deadlines per plan; bad
# deadlines and files are refused naming the option and what is allowed, and nothing is written.
set(ex ${SOURCE_DIR}/examples)
run_app(out rc err --screenshot ${WORK_DIR}/portfolio.png --size 1280x720 ${ex}/llama3-70b-training.gpuplan
        --portfolio ${ex}/llama3-70b-training-h200.gpuplan --portfolio ${ex}/llama3-8b-inference.gpuplan
        --deadline-days 400 --deadline-days-of 2=300)
png_size(${WORK_DIR}/portfolio.png w h)
if(NOT rc EQUAL 0 OR NOT w EQUAL 1280 OR NOT h EQUAL 720)
  message(FATAL_ERROR "portfolio screenshot: rc=${rc} ${w}x${h} ${err}")
endif()
include(${CMAKE_CURRENT_LIST_DIR}/lib/PortfolioRefusals.cmake)
expect_portfolio_refusals(--screenshot ${WORK_DIR}/bad-portfolio.png)
