# SPDX-License-Identifier: GPL-3.0-or-later
# The refusals of gpuplan's --portfolio options, shared by the screenshot (desktop_app.cmake) and
# the PDF (portfolio_pdf.cmake) scripts (included, not a test of its own). The includer defines
# run_app(out rc err ARGS...). `mode` is the option that writes `out` (--screenshot or
# --export-pdf): with the three examples as a portfolio, a deadline for the serving fleet, a plan
# number out of range, a deadline that is not a number and a missing file are refused naming the
# option and what is allowed, as is a deadline without --portfolio; nothing is written.
function(expect_portfolio_refusals mode out)
  set(ex ${SOURCE_DIR}/examples)
  set(portfolio ${ex}/llama3-70b-training.gpuplan --portfolio ${ex}/llama3-70b-training-h200.gpuplan
                --portfolio ${ex}/llama3-8b-inference.gpuplan)
  foreach(bad "--deadline-days-of;3=10;serving" "--deadline-days-of;4=10;1 to 3" "--deadline-days;soon;0.01 to 36,500"
              "--portfolio;${WORK_DIR}/no-such-file.gpuplan;no-such-file")
    list(GET bad 0 option)
    list(GET bad 1 value)
    list(GET bad 2 expected)
    run_app(o rc err ${mode} ${out} ${portfolio} ${option} ${value})
    if(rc EQUAL 0 OR NOT err MATCHES "${expected}" OR EXISTS ${out})
      message(FATAL_ERROR "${mode} with ${option} ${value} not refused: rc=${rc} ${err}")
    endif()
  endforeach()
  run_app(o rc err ${mode} ${out} ${ex}/llama3-70b-training.gpuplan --deadline-days 10)
  if(rc EQUAL 0 OR NOT err MATCHES "--portfolio FILE" OR EXISTS ${out})
    message(FATAL_ERROR "${mode} with --deadline-days but no --portfolio not refused: rc=${rc} ${err}")
  endif()
endfunction()
