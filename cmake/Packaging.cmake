# SPDX-License-Identifier: GPL-3.0-or-later
# Install rules for documentation and example plans, and the Debian package (`cpack -G DEB` in the
# build folder; tests/e2e/install_tree.cmake checks both).

set(GPUPLAN_EXAMPLES_INSTALL_DIR ${CMAKE_INSTALL_DATADIR}/gpuplan/examples)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/examples/ DESTINATION ${GPUPLAN_EXAMPLES_INSTALL_DIR}
        FILES_MATCHING PATTERN "*.gpuplan")
# The public validation measurements: gpuplan-cli catalog coverage counts them, validate reads them.
install(FILES ${PROJECT_SOURCE_DIR}/tests/data/validation/training_public.csv
              ${PROJECT_SOURCE_DIR}/tests/data/validation/inference_public.csv
              ${PROJECT_SOURCE_DIR}/tests/data/validation/memory_public.csv
              ${PROJECT_SOURCE_DIR}/tests/data/validation/README.md
        DESTINATION ${CMAKE_INSTALL_DATADIR}/gpuplan/validation)
install(FILES ${PROJECT_SOURCE_DIR}/README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs
        FILES_MATCHING PATTERN "*.md" PATTERN "*.png")
install(FILES ${PROJECT_SOURCE_DIR}/resources/debian/copyright DESTINATION ${CMAKE_INSTALL_DOCDIR})
# The lintian warnings the package keeps, each with its reason in the file.
install(FILES ${PROJECT_SOURCE_DIR}/resources/debian/lintian-overrides
        DESTINATION ${CMAKE_INSTALL_DATADIR}/lintian/overrides RENAME gpuplan)

# Debian wants its changelog compressed reproducibly (gzip -n: no name or time stamp).
set(changelog ${CMAKE_CURRENT_BINARY_DIR}/changelog.Debian.gz)
add_custom_command(OUTPUT ${changelog}
                   COMMAND ${GPUPLAN_GZIP} -9nc ${PROJECT_SOURCE_DIR}/resources/debian/changelog.Debian > ${changelog}
                   DEPENDS ${PROJECT_SOURCE_DIR}/resources/debian/changelog.Debian)
add_custom_target(gpuplan_changelog ALL DEPENDS ${changelog})
install(FILES ${changelog} DESTINATION ${CMAKE_INSTALL_DOCDIR})

set(CPACK_PACKAGE_NAME gpuplan)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "gpuplan")
set(CPACK_PACKAGE_CONTACT "gpuplan maintainers <maintainers@users.noreply.a-seed-28301d97.example>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "planner for GPU infrastructure for training and serving language models")
# The long description under the summary line; CPack indents it and marks the empty line.
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
    "gpuplan answers the questions asked before buying or renting GPUs for a
large language model: does the model fit in GPU memory, how long does
training take, how does it scale, how many kilowatts and racks does it need,
and what does it cost in the cloud versus on-premises. Every number is
explained and every assumption names its source.

The package contains the desktop application (gpuplan), the command-line
planner (gpuplan-cli), the documentation and example plans.")
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_RELEASE 1)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
# Dependencies from the shared libraries the executables link (dpkg-shlibdeps). The SVG icon engine
# is a Qt plugin, loaded rather than linked; it comes with libqt6svg6, which the GUI links.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_STRIP_FILES ON)
# No maintainer scripts: on Debian 12 the MIME, desktop-entry and icon caches are rebuilt by the
# file triggers of shared-mime-info, desktop-file-utils and hicolor-icon-theme.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
include(CPack)
