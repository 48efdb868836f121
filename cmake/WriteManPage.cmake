# SPDX-License-Identifier: GPL-3.0-or-later
# cmake -DEXE=<gpuplan or gpuplan-cli> -DOUT=<file.1> -DGZIP=<gzip> -P WriteManPage.cmake
# Writes the man page the executable prints with --man (from the option tables of its --help), and
# OUT.gz compressed as Debian installs man pages (gzip -9n: no name or time stamp).
execute_process(COMMAND ${EXE} --man OUTPUT_FILE ${OUT}.tmp RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  file(REMOVE ${OUT}.tmp)
  message(FATAL_ERROR "${EXE} --man failed (${rc}): ${err}")
endif()
file(RENAME ${OUT}.tmp ${OUT})
execute_process(COMMAND ${GZIP} -9nc ${OUT} OUTPUT_FILE ${OUT}.gz RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${GZIP} ${OUT} failed (${rc})")
endif()
