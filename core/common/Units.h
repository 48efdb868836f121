// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Unit conventions used everywhere in gpuplan (docs/conventions.md):
//  - memory and storage sizes are bytes (double); GiB = 2^30 bytes, GB = 10^9 bytes;
//  - bandwidths are bytes per second in ONE direction; link rates quoted in Gb/s are converted with kGbps;
//  - times are seconds; power is watts; energy is joules internally (kWh/MWh only at the output);
//  - FLOP rates are dense (never the 2:4-sparse headline figure).
namespace gpuplan::units {

inline constexpr double kKiB = 1024.0;
inline constexpr double kMiB = 1024.0 * 1024.0;
inline constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;
inline constexpr double kTiB = kGiB * 1024.0;
inline constexpr double kKB = 1e3;
inline constexpr double kMB = 1e6;
inline constexpr double kGB = 1e9;
inline constexpr double kTB = 1e12;
inline constexpr double kGbps = 1e9 / 8.0;   // one gigabit per second, in bytes per second
inline constexpr double kTFLOPS = 1e12;
inline constexpr double kMicrosecond = 1e-6;
inline constexpr double kMillisecond = 1e-3;
inline constexpr double kHour = 3600.0;
inline constexpr double kDay = 86400.0;
inline constexpr double kYear = 8760.0 * 3600.0;
inline constexpr double kBtuPerHourPerWatt = 3.412142;   // docs/references.md §1
inline constexpr double kKwPerRefrigerationTon = 3.517;  // ANSI/IIR R-1, docs/references.md §1

} // namespace gpuplan::units
