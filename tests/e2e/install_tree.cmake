# SPDX-License-Identifier: GPL-3.0-or-later
# The installed application (docs: README "Quick start"): `cmake --install` into a DESTDIR puts the
# executables, icons, desktop entry, MIME type, AppStream metadata, man pages, documentation and
# example plans in place; the desktop entry, the metadata and the MIME file pass their validators;
# both man pages render; `cpack -G DEB` builds a package that lintian finds no error or warning in
# (the warnings the package keeps are overridden in resources/debian/lintian-overrides, each with its reason).
if(NOT APP)
  message(STATUS "desktop application not built (GPUPLAN_BUILD_GUI=OFF): nothing to install")
  return()
endif()
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})
set(root ${WORK_DIR}/root)

function(run_tool what)
  execute_process(COMMAND ${ARGN} OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc TIMEOUT 300)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${what} failed (${rc}):\n${out}\n${err}")
  endif()
  set(tool_output "${out}${err}" PARENT_SCOPE)
endfunction()

foreach(tool desktop-file-validate appstreamcli xmllint man lintian dpkg-deb cpack)
  find_program(path_${tool} ${tool})
  if(NOT path_${tool})
    message(FATAL_ERROR "${tool} is missing: .ci/quickstart.sh installs the packages this test needs")
  endif()
endforeach()

run_tool("cmake --install" ${CMAKE_COMMAND} -E env DESTDIR=${root} ${CMAKE_COMMAND} --install ${BINARY_DIR} --prefix /usr)

set(expected
    usr/bin/gpuplan
    usr/bin/gpuplan-cli
    usr/share/applications/io.github.gpuplan.gpuplan.desktop
    usr/share/mime/packages/io.github.gpuplan.gpuplan.xml
    usr/share/metainfo/io.github.gpuplan.gpuplan.metainfo.xml
    usr/share/icons/hicolor/scalable/apps/io.github.gpuplan.gpuplan.svg
    usr/share/gpuplan/validation/training_public.csv
    usr/share/man/man1/gpuplan.1.gz
    usr/share/man/man1/gpuplan-cli.1.gz
    usr/share/doc/gpuplan/README.md
    usr/share/doc/gpuplan/copyright
    usr/share/lintian/overrides/gpuplan
    usr/share/doc/gpuplan/changelog.Debian.gz
    usr/share/doc/gpuplan/docs/plan-format.md
    usr/share/doc/gpuplan/docs/images/main-window.png)
foreach(size 16 22 24 32 48 64 128 256 512)
  list(APPEND expected usr/share/icons/hicolor/${size}x${size}/apps/io.github.gpuplan.gpuplan.png)
endforeach()
file(GLOB examples RELATIVE ${SOURCE_DIR}/examples ${SOURCE_DIR}/examples/*.gpuplan)
foreach(example ${examples})
  list(APPEND expected usr/share/gpuplan/examples/${example})
endforeach()
foreach(file ${expected})
  if(NOT EXISTS ${root}/${file})
    message(FATAL_ERROR "not installed: /${file}")
  endif()
endforeach()

# Each PNG is the size its folder names.
foreach(size 16 256 512)
  file(READ ${root}/usr/share/icons/hicolor/${size}x${size}/apps/io.github.gpuplan.gpuplan.png header LIMIT 24 HEX)
  string(SUBSTRING "${header}" 32 8 w)
  math(EXPR w "0x${w}")
  if(NOT w EQUAL size)
    message(FATAL_ERROR "hicolor/${size}x${size}/apps/io.github.gpuplan.gpuplan.png is ${w} pixels wide")
  endif()
endforeach()

set(share ${root}/usr/share)
# The desktop entry, the AppStream component, the icons and the MIME package share the reverse-DNS
# application id io.github.gpuplan.gpuplan; both validators pass without a warning.
run_tool("desktop-file-validate" desktop-file-validate ${share}/applications/io.github.gpuplan.gpuplan.desktop)
if(NOT tool_output STREQUAL "")
  message(FATAL_ERROR "desktop-file-validate reports:\n${tool_output}")
endif()
file(READ ${share}/applications/io.github.gpuplan.gpuplan.desktop entry)
if(NOT entry MATCHES "\nExec=gpuplan %F\n" OR NOT entry MATCHES "\nMimeType=application/x-gpuplan;\n"
   OR NOT entry MATCHES "\nIcon=io.github.gpuplan.gpuplan\n")
  message(FATAL_ERROR "the desktop entry does not open .gpuplan files with gpuplan %F under its icon:\n${entry}")
endif()
run_tool("appstreamcli validate" appstreamcli validate --no-net --pedantic ${share}/metainfo/io.github.gpuplan.gpuplan.metainfo.xml)
if(tool_output MATCHES "(^|\n)[WEI]: ")
  message(FATAL_ERROR "appstreamcli validate reports:\n${tool_output}")
endif()
file(READ ${share}/metainfo/io.github.gpuplan.gpuplan.metainfo.xml metainfo)
if(NOT metainfo MATCHES "<id>io.github.gpuplan.gpuplan</id>" OR NOT metainfo MATCHES "io.github.gpuplan.gpuplan.desktop</launchable>")
  message(FATAL_ERROR "the AppStream component id or launchable is not io.github.gpuplan.gpuplan")
endif()
run_tool("xmllint" xmllint --noout ${share}/mime/packages/io.github.gpuplan.gpuplan.xml)

# The MIME type is found by name and by content, through the installed database.
find_program(update_mime update-mime-database)
if(update_mime)
  file(COPY /usr/share/mime/packages/freedesktop.org.xml DESTINATION ${WORK_DIR}/mime/packages)
  file(COPY ${share}/mime/packages/io.github.gpuplan.gpuplan.xml DESTINATION ${WORK_DIR}/mime/packages)
  run_tool("update-mime-database" ${update_mime} ${WORK_DIR}/mime)
  file(READ ${WORK_DIR}/mime/globs2 globs)
  if(NOT globs MATCHES "application/x-gpuplan:\\*\\.gpuplan")
    message(FATAL_ERROR "*.gpuplan is not in the MIME database's globs:\n${globs}")
  endif()
  file(READ ${WORK_DIR}/mime/magic magic HEX)
  string(HEX "\"format\": \"gpuplan-plan\"" pattern)
  string(FIND "${magic}" "${pattern}" at)
  if(at LESS 0)
    message(FATAL_ERROR "the MIME database has no magic for \"format\": \"gpuplan-plan\"")
  endif()
endif()
# Every example carries the string the magic matches, within its first 256 bytes.
foreach(example ${examples})
  file(READ ${SOURCE_DIR}/examples/${example} head LIMIT 256)
  string(FIND "${head}" "\"format\": \"gpuplan-plan\"" at)
  if(at LESS 0)
    message(FATAL_ERROR "examples/${example}: no \"format\": \"gpuplan-plan\" in the first 256 bytes")
  endif()
endforeach()

foreach(page gpuplan gpuplan-cli)
  execute_process(COMMAND man -l ${share}/man/man1/${page}.1.gz OUTPUT_VARIABLE text ERROR_VARIABLE err
                  RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0 OR NOT text MATCHES "NAME" OR NOT text MATCHES "SYNOPSIS" OR NOT text MATCHES "OPTIONS|COMMANDS")
    message(FATAL_ERROR "man -l ${page}.1.gz (${rc}):\n${text}\n${err}")
  endif()
endforeach()

# The Debian package: dependencies from the linked libraries, and no lintian error.
run_tool("cpack -G DEB" ${CMAKE_COMMAND} -E chdir ${WORK_DIR} cpack -G DEB --config ${BINARY_DIR}/CPackConfig.cmake
         -B ${WORK_DIR}/package)
file(GLOB debs ${WORK_DIR}/package/*.deb)
list(LENGTH debs count)
if(NOT count EQUAL 1)
  message(FATAL_ERROR "expected one .deb in ${WORK_DIR}/package, found: ${debs}")
endif()
run_tool("dpkg-deb --field" dpkg-deb --field ${debs} Depends Section)
if(NOT tool_output MATCHES "libqt6widgets6" OR NOT tool_output MATCHES "libc6")
  message(FATAL_ERROR "the package's dependencies do not come from its libraries:\n${tool_output}")
endif()
run_tool("dpkg-deb --contents" dpkg-deb --contents ${debs})
foreach(file ${expected})
  string(FIND "${tool_output}" "./${file}" at)
  if(at LESS 0)
    message(FATAL_ERROR "not in the package: /${file}")
  endif()
endforeach()
execute_process(COMMAND lintian --tag-display-limit 0 ${debs} OUTPUT_VARIABLE lint ERROR_VARIABLE lint_err
                RESULT_VARIABLE rc TIMEOUT 300)
message(STATUS "lintian:\n${lint}${lint_err}")
if(lint MATCHES "(^|\n)[EW]: ")
  message(FATAL_ERROR "lintian reports errors or warnings (fix them, or override one in resources/debian/lintian-overrides with its reason)")
endif()
