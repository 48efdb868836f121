# SPDX-License-Identifier: GPL-3.0-or-later
# Sources in the box (issue 16): every relative link in the docs and the README resolves to a file
# in the repository, every docs/ or validation file cited anywhere exists, and no file cites a
# reference file that does not ship with gpuplan.

# 1. Markdown links [text](target) in README.md and docs/*.md.
file(GLOB docs ${SOURCE_DIR}/docs/*.md)
set(broken "")
foreach(doc ${SOURCE_DIR}/README.md ${docs})
  get_filename_component(dir ${doc} DIRECTORY)
  file(READ ${doc} text)
  string(REGEX MATCHALL "\\]\\([^)]+\\)" links "${text}")
  foreach(link ${links})
    string(REGEX REPLACE "^\\]\\(([^) ]+).*\\)$" "\\1" target "${link}")
    if(target MATCHES "^(https?|mailto):" OR target MATCHES "^#")
      continue()
    endif()
    string(REGEX REPLACE "#.*$" "" path "${target}")
    if(NOT EXISTS ${dir}/${path})
      file(RELATIVE_PATH rel ${SOURCE_DIR} ${doc})
      list(APPEND broken "${rel}: ${target}")
    endif()
  endforeach()
endforeach()
if(broken)
  string(REPLACE ";" "\n  " broken "${broken}")
  message(FATAL_ERROR "relative links that do not resolve:\n  ${broken}")
endif()

# 2. Citations in every text file of the repository: docs pages and validation files must exist;
#    the reference files gpuplan was built from do not ship and must not be cited.
file(GLOB_RECURSE sources RELATIVE ${SOURCE_DIR}
     ${SOURCE_DIR}/README.md ${SOURCE_DIR}/docs/*.md ${SOURCE_DIR}/catalogs/*.json ${SOURCE_DIR}/examples/*
     ${SOURCE_DIR}/core/*.h ${SOURCE_DIR}/core/*.cpp ${SOURCE_DIR}/app/*.h ${SOURCE_DIR}/app/*.cpp
     ${SOURCE_DIR}/ui/*.h ${SOURCE_DIR}/ui/*.cpp ${SOURCE_DIR}/resources/*.md ${SOURCE_DIR}/resources/*.html
     ${SOURCE_DIR}/tests/*.h ${SOURCE_DIR}/tests/*.cpp ${SOURCE_DIR}/tests/*.cmake ${SOURCE_DIR}/tests/*.txt)
set(unshipped "power_cooling_cost\\.md|landscape\\.md|hardware_and_prices|shared/reference|shared/validation|device_memory\\.md")
set(problems "")
foreach(rel ${sources})
  if(rel STREQUAL "tests/e2e/doc_links.cmake")
    continue()   # this file names the patterns it looks for
  endif()
  file(STRINGS ${SOURCE_DIR}/${rel} lines REGEX "power_cooling_cost|landscape\\.md|hardware_and_prices|shared/|formulas\\.md|docs/|tests/data/|\\.csv")
  foreach(line ${lines})
    if(line MATCHES "(${unshipped})")
      list(APPEND problems "${rel}: cites ${CMAKE_MATCH_1}, which does not ship")
    endif()
    # A bare formulas.md (not docs/formulas.md and not a link from inside docs/) points outside.
    string(REGEX REPLACE "docs/formulas\\.md|\\[formulas\\.md\\]|\\(formulas\\.md" "" stripped "${line}")
    if(stripped MATCHES "formulas\\.md")
      list(APPEND problems "${rel}: cites formulas.md without its folder (docs/formulas.md)")
    endif()
    string(REGEX MATCHALL "(docs/[A-Za-z0-9_.-]+\\.md|tests/data/validation/[a-z0-9_.-]+\\.(md|csv))" cited "${line}")
    foreach(path ${cited})
      if(NOT EXISTS ${SOURCE_DIR}/${path})
        list(APPEND problems "${rel}: cites ${path}, which does not exist")
      endif()
    endforeach()
  endforeach()
endforeach()
if(problems)
  list(REMOVE_DUPLICATES problems)
  string(REPLACE ";" "\n  " problems "${problems}")
  message(FATAL_ERROR "citations that leave the repository:\n  ${problems}")
endif()
