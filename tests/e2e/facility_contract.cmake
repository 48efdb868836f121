# SPDX-License-Identifier: GPL-3.0-or-later
# The facility part of the `gpuplan-cli evaluate --json` interface (docs/facility-and-cost.md): names other
# checks rely on, numbers where numbers are promised, and the text report's facility lines.
file(MAKE_DIRECTORY ${WORK_DIR})

include(${CMAKE_CURRENT_LIST_DIR}/lib/CliHelpers.cmake)

foreach(plan llama3-70b-training llama3-8b-inference)
  execute_process(COMMAND ${CLI} evaluate ${SOURCE_DIR}/examples/${plan}.gpuplan --json
                  OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "evaluate ${plan} failed: ${err}")
  endif()
  foreach(path "power;it_kw" "power;facility_kw" "power;energy_mwh" "cooling;heat_btu_per_hour" "cooling;tons"
               "cooling;racks" "storage;checkpoint_bytes" "storage;required_read_gbps" "reliability;mtbf_hours"
               "reliability;checkpoint_interval_s" "reliability;goodput" "cost;cloud_total_usd" "cost;onprem_total_usd"
               "cost;break_even_months" "cost;per_run_usd")
    expect_json_type("${out}" NUMBER ${path})
  endforeach()
  expect_json_type("${out}" BOOLEAN cooling liquid_required)
  expect_json_type("${out}" ARRAY cost sensitivity)
  expect_json_type("${out}" STRING cost sensitivity 0 assumption)
  expect_json_type("${out}" NUMBER cost sensitivity 0 low_usd)
  expect_json_type("${out}" NUMBER cost sensitivity 0 high_usd)
  expect_json_type("${out}" ARRAY bom)
  expect_json_type("${out}" STRING bom 0 item)
  expect_json_type("${out}" NUMBER bom 0 quantity)
  expect_json_type("${out}" NUMBER bom 0 unit_usd)
  if(out MATCHES "null|NaN|Infinity")
    message(FATAL_ERROR "evaluate ${plan} --json has a null or non-finite value")
  endif()

  execute_process(COMMAND ${CLI} evaluate ${SOURCE_DIR}/examples/${plan}.gpuplan OUTPUT_VARIABLE text RESULT_VARIABLE rc)
  foreach(heading "Power and cooling" "Storage and reliability" "Cost")
    if(NOT text MATCHES "${heading}")
      message(FATAL_ERROR "the text report of ${plan} lacks the '${heading}' section")
    endif()
  endforeach()
endforeach()

# An out-of-range facility value names the field and the allowed range.
execute_process(COMMAND ${CLI} evaluate ${SOURCE_DIR}/examples/llama3-70b-training.gpuplan --set facility.pue=0.9
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
if(rc EQUAL 0 OR NOT err MATCHES "facility.pue" OR NOT err MATCHES "from 1 to 4")
  message(FATAL_ERROR "PUE below 1 accepted or badly reported: rc=${rc} err=${err}")
endif()
execute_process(COMMAND ${CLI} evaluate ${SOURCE_DIR}/examples/llama3-70b-training.gpuplan --set cost.electricity_usd_per_kwh=-1
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
if(rc EQUAL 0 OR NOT err MATCHES "cost.electricity_usd_per_kwh")
  message(FATAL_ERROR "negative electricity price accepted: rc=${rc} err=${err}")
endif()
