// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "export/LaunchContext.h"

// The text of each launch format (internal to core/export; the public entry is makeLaunchFile).
namespace gpuplan::launch {

std::string torchrunScript(Context &c);
std::string slurmScript(Context &c);
std::string megatronArgumentsFile(Context &c);
std::string deepSpeedConfigFile(Context &c);
std::string kubernetesTrainingManifest(Context &c);   // Kubeflow PyTorchJob

// Serving: one replica = TP x PP GPUs running `vllm serve`. Replicas: replicas_needed of the
// evaluation when the plan has a request rate, else as many as the plan's GPUs hold.
int servingReplicas(const Context &c);
int gpusPerReplica(const Context &c);
std::vector<std::string> vllmArguments(Context &c);   // after `vllm serve MODEL`
// Disaggregated serving (workload.inference.serving_mode): the arguments of one instance of the
// prefill or the decode pool, and the script starting either pool's instances on a node.
bool isDisaggregated(const Context &c);
std::vector<std::string> vllmPoolArguments(Context &c, bool prefill);
std::string vllmDisaggregatedScript(Context &c);
int maxSequences(const Context &c);                   // --max-num-seqs
std::string maxSequencesComment(const Context &c);    // why that value, as a comment line
std::string vllmScript(Context &c);
// The loop that starts the node's instances of `vllm serve`, each on its own GPUs and port: the
// bash variables holding the count per node and the GPUs per instance, the arguments' array, and
// whether each instance takes its own NIXL side-channel port (disaggregated pools).
std::string vllmNodeLoop(const char *countVar, const char *gpusVar, const char *argsArray, bool nixl);
std::string kubernetesServingManifest(Context &c);    // apps/v1 Deployment (two when disaggregated)

// JSON text is also YAML (YAML 1.2 is a superset of JSON): manifests are written as JSON after a
// comment header, so any plan text is escaped by the JSON writer and the file parses either way.
std::string manifestText(const Context &c, const std::string &what, const std::string &json,
                         const std::string &comments = {});

} // namespace gpuplan::launch
