# SPDX-License-Identifier: GPL-3.0-or-later
# The build globs no sources: every test, every e2e script and every gpuplan-cli source is named
# in its CMakeLists.txt, so a file that is not listed would silently not be built or not run.
# (core/ and ui/ folders are checked by core_layers.cmake and ui_layers.cmake.)
cmake_minimum_required(VERSION 3.25)
set(problems "")

# The words of a CMakeLists.txt, comments left out.
function(listed_words file out)
  file(READ ${file} text)
  string(REGEX REPLACE "#[^\n]*" "" text "${text}")
  string(REGEX REPLACE "[ \t\n()]+" ";" text "${text}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

function(check_listed dir pattern strip cmakelists)
  listed_words(${cmakelists} words)
  file(GLOB files RELATIVE ${dir} ${dir}/${pattern})
  foreach(file ${files})
    set(name ${file})
    if(strip)
      string(REGEX REPLACE "\\.[a-z]+$" "" name "${file}")
    endif()
    if(NOT name IN_LIST words)
      string(APPEND problems "${dir}/${file} is not listed in ${cmakelists}\n")
    endif()
  endforeach()
  set(problems "${problems}" PARENT_SCOPE)
endfunction()

check_listed(${SOURCE_DIR}/tests/core "tst_*.cpp" ON ${SOURCE_DIR}/tests/CMakeLists.txt)
check_listed(${SOURCE_DIR}/tests/ui "tst_*.cpp" ON ${SOURCE_DIR}/tests/CMakeLists.txt)
check_listed(${SOURCE_DIR}/tests/e2e "*.cmake" ON ${SOURCE_DIR}/tests/CMakeLists.txt)
check_listed(${SOURCE_DIR}/app/cli "*.cpp" OFF ${SOURCE_DIR}/app/cli/CMakeLists.txt)
check_listed(${SOURCE_DIR}/app/cli "*.h" OFF ${SOURCE_DIR}/app/cli/CMakeLists.txt)

if(problems)
  message(FATAL_ERROR "${problems}")
endif()
