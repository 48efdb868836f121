// SPDX-License-Identifier: GPL-3.0-or-later
// Kubernetes manifests: a Kubeflow training-operator PyTorchJob for training plans and an apps/v1
// Deployment of vLLM replicas for serving plans.
#include "export/LaunchScripts.h"

#include <nlohmann/json.hpp>

namespace gpuplan::launch {

namespace {

using Json = nlohmann::ordered_json;

Json metadata(const Context &c)
{
    // Annotation values may hold any text: the plan name goes there verbatim (JSON-escaped).
    return {{"name", c.fileBase},
            {"labels", {{"app.kubernetes.io/name", c.fileBase}, {"app.kubernetes.io/managed-by", "gpuplan"}}},
            {"annotations", {{"gpuplan.org/plan-name", c.plan.name}, {"gpuplan.org/generator", c.options.generator}}}};
}

// NCCL and data loaders need more shared memory than a container's default 64 MB.
Json sharedMemoryVolume()
{
    return Json::array({{{"name", "dshm"}, {"emptyDir", {{"medium", "Memory"}}}}});
}

Json sharedMemoryMount()
{
    return Json::array({{{"name", "dshm"}, {"mountPath", "/dev/shm"}}});
}

Json replicaSpec(int replicas, const Json &container)
{
    return {{"replicas", replicas},
            {"restartPolicy", "OnFailure"},
            {"template", {{"spec", {{"containers", Json::array({container})}, {"volumes", sharedMemoryVolume()}}}}}};
}

} // namespace

std::string manifestText(const Context &c, const std::string &what, const std::string &json)
{
    return commentHeader(c, what) +
           "# Written as JSON, which is valid YAML: kubectl apply -f accepts it as it is.\n" + json + "\n";
}

std::string kubernetesTrainingManifest(Context &c)
{
    std::vector<std::string> args = {c.entryScript};
    const std::vector<std::string> scriptArgs = trainingScriptArguments(c);
    args.insert(args.end(), scriptArgs.begin(), scriptArgs.end());
    // The training operator passes the node count, node rank and master address to torchrun
    // through PET_* variables; nprocPerNode sets PET_NPROC_PER_NODE.
    const Json container = {{"name", "pytorch"},
                            {"image", c.options.image},
                            {"command", Json::array({"torchrun"})},
                            {"args", args},
                            {"resources", {{"limits", {{"nvidia.com/gpu", c.procsPerNode}}}}},
                            {"volumeMounts", sharedMemoryMount()}};
    Json replicas = {{"Master", replicaSpec(1, container)}};
    if (c.nodes > 1)
        replicas["Worker"] = replicaSpec(c.nodes - 1, container);
    const Json job = {{"apiVersion", "kubeflow.org/v1"},
                      {"kind", "PyTorchJob"},
                      {"metadata", metadata(c)},
                      {"spec",
                       {{"nprocPerNode", std::to_string(c.procsPerNode)},
                        {"runPolicy", {{"cleanPodPolicy", "None"}, {"backoffLimit", 3}}},
                        {"pytorchReplicaSpecs", replicas}}}};
    c.notes.push_back("The container image must hold the training script and its data access; the default image is "
                      "NVIDIA's PyTorch container.");
    return manifestText(c, "Kubernetes PyTorchJob (Kubeflow training operator)", job.dump(2, ' ', false, Json::error_handler_t::replace));
}

std::string kubernetesServingManifest(Context &c)
{
    const int perReplica = gpusPerReplica(c);
    std::vector<std::string> args = {"$(MODEL)"};
    const std::vector<std::string> vllm = vllmArguments(c);
    args.insert(args.end(), vllm.begin(), vllm.end());
    args.insert(args.end(), {"--port", "8000"});
    const std::string model = c.plan.model.name.empty() ? c.plan.model.preset : c.plan.model.name;
    c.notes.push_back("Set the MODEL variable of the Deployment to the Hugging Face id or the path of the weights of " +
                      model + " (it holds the plan's model name).");
    const Json container = {
        {"name", "vllm"},
        {"image", c.options.servingImage},
        {"command", Json::array({"vllm", "serve"})},
        {"args", args},
        {"env", Json::array({{{"name", "MODEL"}, {"value", model}}})},
        {"ports", Json::array({{{"name", "http"}, {"containerPort", 8000}}})},
        {"resources", {{"limits", {{"nvidia.com/gpu", perReplica}}}}},
        {"readinessProbe", {{"httpGet", {{"path", "/health"}, {"port", 8000}}}, {"initialDelaySeconds", 60}, {"periodSeconds", 10}}},
        {"volumeMounts", sharedMemoryMount()}};
    const Json labels = {{"app.kubernetes.io/name", c.fileBase}};
    const Json deployment = {
        {"apiVersion", "apps/v1"},
        {"kind", "Deployment"},
        {"metadata", metadata(c)},
        {"spec",
         {{"replicas", servingReplicas(c)},
          {"selector", {{"matchLabels", labels}}},
          {"template",
           {{"metadata", {{"labels", labels}}},
            {"spec", {{"containers", Json::array({container})}, {"volumes", sharedMemoryVolume()}}}}}}}};
    return manifestText(c, "Kubernetes Deployment of vLLM replicas", deployment.dump(2, ' ', false, Json::error_handler_t::replace));
}

} // namespace gpuplan::launch
