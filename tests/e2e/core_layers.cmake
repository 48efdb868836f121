# SPDX-License-Identifier: GPL-3.0-or-later
# The folders of core/ depend on each other one way (docs/architecture.md, "Layers of core/"):
# value types at the bottom, the models above them, the reports and exports on top. A quoted
# include of another core folder must point to a folder listed before its own. The includes that
# point upwards today are listed below, each by file; the list only shrinks: a new upward include
# fails, and so does an entry that is no longer there (remove it from the list when it is fixed).
# It also checks that each folder's CMakeLists.txt lists exactly the folder's sources.
cmake_minimum_required(VERSION 3.25)
set(layers common plan catalog model eval memory perf facility evaluator report search portfolio procure validate export explain)

# Known upward includes ("FILE -> HEADER", paths from core/), to be removed one by one:
#  - facility -> report: the cost verdict and facility texts use the text report's table helpers.
set(allowed
  "facility/CostVerdict.cpp -> report/TextReport.h"
  "facility/FacilityText.cpp -> report/TextReport.h")

set(core ${SOURCE_DIR}/core)
set(problems "")
set(found "")
file(GLOB folders LIST_DIRECTORIES true RELATIVE ${core} ${core}/*)
foreach(folder ${folders})
  if(IS_DIRECTORY ${core}/${folder} AND NOT folder IN_LIST layers)
    string(APPEND problems "core/${folder}/ has no place in the layers of tests/e2e/core_layers.cmake and docs/architecture.md\n")
  endif()
endforeach()
# Every source file of a folder is listed in the folder's CMakeLists.txt (core/CMakeLists.txt
# globs nothing, so a file left out would not be built).
foreach(folder ${layers})
  if(NOT EXISTS ${core}/${folder}/CMakeLists.txt)
    string(APPEND problems "core/${folder}/CMakeLists.txt is missing (each folder lists its sources)\n")
    continue()
  endif()
  file(READ ${core}/${folder}/CMakeLists.txt listed)
  string(REGEX REPLACE "#[^\n]*" "" listed "${listed}")
  string(REGEX REPLACE "[ \t\n()]+" ";" listed "${listed}")
  file(GLOB files RELATIVE ${core}/${folder} ${core}/${folder}/*.h ${core}/${folder}/*.cpp)
  foreach(file ${files})
    if(NOT file IN_LIST listed)
      string(APPEND problems "core/${folder}/${file} is not listed in core/${folder}/CMakeLists.txt\n")
    endif()
  endforeach()
  foreach(entry ${listed})
    if(entry MATCHES "\\.(h|cpp)$" AND NOT entry IN_LIST files)
      string(APPEND problems "core/${folder}/CMakeLists.txt lists ${entry}, which is not in the folder\n")
    endif()
  endforeach()
endforeach()
file(GLOB_RECURSE sources RELATIVE ${core} ${core}/*.h ${core}/*.cpp)
foreach(rel ${sources})
  get_filename_component(from "${rel}" DIRECTORY)
  list(FIND layers "${from}" from_rank)
  if(from_rank EQUAL -1)
    continue()
  endif()
  file(STRINGS ${core}/${rel} lines REGEX "^#include \"[a-z]+/")
  foreach(line ${lines})
    string(REGEX REPLACE "^#include \"([a-z]+)/([^\"]+)\".*" "\\1;\\2" parts "${line}")
    list(GET parts 0 to)
    list(GET parts 1 header)
    list(FIND layers "${to}" to_rank)
    if(to_rank GREATER from_rank)
      set(edge "${rel} -> ${to}/${header}")
      list(APPEND found "${edge}")
      if(NOT edge IN_LIST allowed)
        string(APPEND problems "core/${edge}: ${from} may use only the folders below it (${to} is above)\n")
      endif()
    endif()
  endforeach()
endforeach()
foreach(edge ${allowed})
  if(NOT edge IN_LIST found)
    string(APPEND problems "\"${edge}\" is gone: remove it from the allowed list of tests/e2e/core_layers.cmake\n")
  endif()
endforeach()
if(problems)
  message(FATAL_ERROR "${problems}")
endif()
