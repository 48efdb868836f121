# SPDX-License-Identifier: GPL-3.0-or-later
# gpuplan --screenshot --view teaching|lesson|compare without a display (docs/teaching.md): each
# view renders, --compare adds plan files, and an unknown view or an unreadable file is refused
# with a message and a non-zero exit.
if(NOT APP)
  message(STATUS "desktop application not built (GPUPLAN_BUILD_GUI=OFF): nothing to check")
  return()
endif()
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})
unset(ENV{QT_QPA_PLATFORM})
unset(ENV{DISPLAY})
unset(ENV{WAYLAND_DISPLAY})
set(ENV{XDG_CONFIG_HOME} ${WORK_DIR}/config)
set(plan ${SOURCE_DIR}/examples/llama3-70b-training.gpuplan)

function(run_view png rc_var err_var)
  execute_process(COMMAND ${APP} --screenshot ${png} --size 1280x800 ${ARGN}
                  OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc TIMEOUT 120)
  set(${rc_var} "${rc}" PARENT_SCOPE)
  set(${err_var} "${out}${err}" PARENT_SCOPE)
endfunction()

foreach(view teaching lesson compare)
  set(png ${WORK_DIR}/${view}.png)
  run_view(${png} rc err --view ${view} --compare ${SOURCE_DIR}/examples/llama3-8b-inference.gpuplan ${plan})
  if(NOT rc EQUAL 0 OR NOT EXISTS ${png})
    message(FATAL_ERROR "--view ${view} failed: rc=${rc} ${err}")
  endif()
  file(SIZE ${png} bytes)
  if(bytes LESS 20000)
    message(FATAL_ERROR "--view ${view}: ${png} has only ${bytes} bytes")
  endif()
endforeach()

run_view(${WORK_DIR}/bad.png rc err --view nonsense ${plan})
if(rc EQUAL 0 OR NOT err MATCHES "--view: \"nonsense\"; expected one of teaching, lesson, compare")
  message(FATAL_ERROR "an unknown view was not refused: rc=${rc} ${err}")
endif()
run_view(${WORK_DIR}/bad.png rc err --view compare --compare ${WORK_DIR}/missing.gpuplan ${plan})
if(rc EQUAL 0 OR NOT err MATCHES "--compare: cannot open .*missing.gpuplan")
  message(FATAL_ERROR "a missing comparison plan was not refused: rc=${rc} ${err}")
endif()
