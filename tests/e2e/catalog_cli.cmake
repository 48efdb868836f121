# SPDX-License-Identifier: GPL-3.0-or-later
# gpuplan-cli catalog: KIND lists, show ID with sources, and check DIR's exit code and messages
# (docs/catalogs.md). A user folder with a negotiated price overrides one field of a bundled offer.
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR}/good ${WORK_DIR}/bad)

include(${CMAKE_CURRENT_LIST_DIR}/lib/CliHelpers.cmake)

function(expect_json json value)
  string(JSON got ERROR_VARIABLE e GET "${json}" ${ARGN})
  if(e OR NOT "${got}" STREQUAL "${value}")
    string(REPLACE ";" "." path "${ARGN}")
    message(FATAL_ERROR "expected ${value} at ${path}, found '${got}' ${e}")
  endif()
endfunction()

# Every kind lists as a JSON array of entries with sources.
foreach(kind gpus nodes fabrics clouds models engines storage_tiers api_prices error_bands)
  run_cli(out rc err catalog ${kind} --json --no-user-catalog)
  if(NOT rc EQUAL 0 OR NOT "${err}" STREQUAL "")
    message(FATAL_ERROR "catalog ${kind} failed or warned: rc=${rc} ${err}")
  endif()
  string(JSON n LENGTH "${out}")
  if(n LESS 5)
    message(FATAL_ERROR "catalog ${kind}: only ${n} entries")
  endif()
  string(JSON t TYPE "${out}" 0 sources)
  if(NOT t STREQUAL "OBJECT")
    message(FATAL_ERROR "catalog ${kind}: entries have no sources")
  endif()
endforeach()

# show ID: an alias finds the entry; figures are in internal units with their sources.
run_cli(out rc err catalog show "h100 sxm5 80gb" --json --no-user-catalog)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "catalog show failed: ${err}")
endif()
expect_json("${out}" H100-SXM-80GB 0 id)
expect_json("${out}" 450000000000.0 0 scale_up_bandwidth)
string(JSON src GET "${out}" 0 sources tflops.bf16 source)
if(src STREQUAL "")
  message(FATAL_ERROR "catalog show: no source for tflops.bf16")
endif()
# A figure read from a third party's page is flagged secondary (docs/catalogs.md, "Primary and
# secondary sources"); one from a paper or a vendor's measurement record is not.
expect_json("${out}" ON 0 sources memory_gb secondary)
run_cli(out rc err catalog show llama3-70b --json --no-user-catalog)
expect_json("${out}" OFF 0 sources layers secondary)
run_cli(out rc err catalog show H100-SXM-80GB --no-user-catalog)
if(NOT out MATCHES "memory_gb: [^\n]*glennklockwood[^\n]*\(secondary source\)")
  message(FATAL_ERROR "catalog show does not mark the secondary source: ${out}")
endif()
run_cli(out rc err catalog show no-such-entry)
if(rc EQUAL 0)
  message(FATAL_ERROR "catalog show accepted an unknown id")
endif()

# check DIR: a clean folder passes; a bad one exits 1 and names file, entry and field.
file(WRITE ${WORK_DIR}/good/prices.json
  "{\"format\": \"gpuplan-catalog\", \"version\": 1, \"clouds\": [{\"id\": \"aws-p5-48xlarge\", \"on_demand_per_gpu_hour\": 2.10, \"source\": \"negotiated\", \"date\": \"2025-10\"}]}")
run_cli(out rc err catalog check ${WORK_DIR}/good)
if(NOT rc EQUAL 0 OR NOT out MATCHES "0 issues")
  message(FATAL_ERROR "catalog check of a clean folder: rc=${rc} ${out}${err}")
endif()
file(WRITE ${WORK_DIR}/bad/gpus.json
  "{\"format\": \"gpuplan-catalog\", \"version\": 1, \"gpus\": [{\"id\": \"H100-SXM-80GB\", \"tdp_w\": -700}]}")
file(WRITE ${WORK_DIR}/bad/newer.json "{\"format\": \"gpuplan-catalog\", \"version\": 99, \"gpus\": []}")
run_cli(out rc err catalog check ${WORK_DIR}/bad)
if(NOT rc EQUAL 1 OR NOT out MATCHES "gpus.json: entry 'H100-SXM-80GB', field 'tdp_w': expected"
   OR NOT out MATCHES "newer.json: field 'version'" OR NOT out MATCHES "2 issues")
  message(FATAL_ERROR "catalog check of a bad folder: rc=${rc} ${out}${err}")
endif()

# The user folder overrides one field of a bundled offer.
run_cli(out rc err catalog show aws-p5-48xlarge --json --user-catalog ${WORK_DIR}/good)
if(NOT out MATCHES "\"on_demand_per_gpu_hour\": 2\\.1,")
  message(FATAL_ERROR "user override not applied: ${out}")
endif()
expect_json("${out}" p5.48xlarge 0 instance)
# The bundled price is the SkyPilot scrape (secondary); the user's own source replaces it, flag included.
expect_json("${out}" OFF 0 sources on_demand_per_gpu_hour secondary)
expect_json("${out}" negotiated 0 sources on_demand_per_gpu_hour source)
