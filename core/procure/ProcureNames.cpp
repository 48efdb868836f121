// SPDX-License-Identifier: GPL-3.0-or-later
// Names of the procurement enumerations in JSON and on the command line.
#include "procure/Procurement.h"

namespace gpuplan {

const char *procureObjectiveName(ProcureObjective objective)
{
    switch (objective) {
    case ProcureObjective::Cash: return "cash";
    case ProcureObjective::Tco: return "tco";
    case ProcureObjective::Time: return "time";
    case ProcureObjective::Energy: return "energy";
    }
    return "cash";
}

bool parseProcureObjective(const std::string &text, ProcureObjective &out)
{
    for (ProcureObjective o : {ProcureObjective::Cash, ProcureObjective::Tco, ProcureObjective::Time, ProcureObjective::Energy}) {
        if (text == procureObjectiveName(o)) {
            out = o;
            return true;
        }
    }
    return false;
}

const char *acquisitionName(Acquisition acquisition)
{
    switch (acquisition) {
    case Acquisition::Buy: return "buy";
    case Acquisition::Cloud: return "cloud";
    case Acquisition::Hybrid: return "hybrid";
    }
    return "buy";
}

const char *constraintName(Constraint constraint)
{
    switch (constraint) {
    case Constraint::Deadline: return "deadline";
    case Constraint::Budget: return "budget";
    case Constraint::SitePower: return "site_power";
    }
    return "deadline";
}

} // namespace gpuplan
