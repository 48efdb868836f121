// SPDX-License-Identifier: GPL-3.0-or-later
// Kubernetes manifests: a Kubeflow training-operator PyTorchJob for training plans and an apps/v1
// Deployment of vLLM replicas for serving plans, with a HorizontalPodAutoscaler between the
// replicas of the average and the peak request rate when the plan has a rate; a disaggregated
// plan gets one Deployment per pool.
#include "export/LaunchScripts.h"

#include "export/TextEscape.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>

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

// A replica is not ready before its weights are read and its engine started (the storage model's
// replica start-up); probing earlier only logs failures.
int readinessDelayS(const Context &c)
{
    const double startS = c.evaluation.storage.replicaStartS;
    return startS > 0 ? static_cast<int>(std::min(std::ceil(startS), 3600.0)) : 60;
}

Json replicaSpec(int replicas, const Json &container)
{
    return {{"replicas", replicas},
            {"restartPolicy", "OnFailure"},
            {"template", {{"spec", {{"containers", Json::array({container})}, {"volumes", sharedMemoryVolume()}}}}}};
}

// autoscaling/v2 HPA on a per-pod vLLM metric, read through a custom-metrics adapter: the
// requests waiting when the plan sets a queue trigger, else the requests in service at the highest
// load per replica within the targets and headroom (perf/Capacity.h).
Json autoscaler(Context &c, const Json &meta)
{
    const InferenceWorkload &w = c.plan.workload.inference;
    const CapacityResult &cap = c.evaluation.inference.capacity;
    const bool onQueue = w.scaleUpQueue > 0;
    const int target = onQueue ? w.scaleUpQueue : std::max(1, static_cast<int>(std::lround(cap.sloLimited.concurrency)));
    const char *metric = onQueue ? "vllm_num_requests_waiting" : "vllm_num_requests_running";
    c.notes.push_back(std::string("The autoscaler reads the pods metric ") + metric + " (vLLM's " +
                      (onQueue ? "vllm:num_requests_waiting" : "vllm:num_requests_running") +
                      " gauge, exposed through a custom-metrics adapter such as the Prometheus adapter).");
    const int cooldown = static_cast<int>(std::lround(w.scaleCooldownS));
    return {{"apiVersion", "autoscaling/v2"},
            {"kind", "HorizontalPodAutoscaler"},
            {"metadata", meta},
            {"spec",
             {{"scaleTargetRef", {{"apiVersion", "apps/v1"}, {"kind", "Deployment"}, {"name", c.fileBase}}},
              {"minReplicas", cap.minReplicas},
              {"maxReplicas", cap.maxReplicas},
              {"metrics",
               Json::array({{{"type", "Pods"},
                             {"pods",
                              {{"metric", {{"name", metric}}},
                               {"target", {{"type", "AverageValue"}, {"averageValue", std::to_string(target)}}}}}}})},
              {"behavior",
               {{"scaleUp", {{"stabilizationWindowSeconds", 0}}},
                {"scaleDown", {{"stabilizationWindowSeconds", cooldown}}}}}}}};
}

} // namespace

std::string manifestText(const Context &c, const std::string &what, const std::string &json, const std::string &comments)
{
    // Plan text inside the JSON strings is written without line separators (jsonForYaml): a YAML
    // reader would otherwise end the string's line there.
    return commentHeader(c, what) + comments +
           "# Written as JSON, which is valid YAML: kubectl apply -f accepts it as it is.\n" + jsonForYaml(json) + "\n";
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

namespace {

// One container of `vllm serve` on `gpus` GPUs with the given arguments.
Json servingContainer(const Context &c, const std::vector<std::string> &vllm, int gpus, const std::string &model)
{
    std::vector<std::string> args = {"$(MODEL)"};
    args.insert(args.end(), vllm.begin(), vllm.end());
    args.insert(args.end(), {"--port", "8000"});
    return {{"name", "vllm"},
            {"image", c.options.servingImage},
            {"command", Json::array({"vllm", "serve"})},
            {"args", args},
            {"env", Json::array({{{"name", "MODEL"}, {"value", model}}})},
            {"ports", Json::array({{{"name", "http"}, {"containerPort", 8000}}})},
            {"resources", {{"limits", {{"nvidia.com/gpu", gpus}}}}},
            {"readinessProbe", {{"httpGet", {{"path", "/health"}, {"port", 8000}}}, {"initialDelaySeconds", readinessDelayS(c)}, {"periodSeconds", 10}}},
            {"volumeMounts", sharedMemoryMount()}};
}

Json deploymentOf(const Json &meta, const Json &labels, int replicas, const Json &container)
{
    return {{"apiVersion", "apps/v1"},
            {"kind", "Deployment"},
            {"metadata", meta},
            {"spec",
             {{"replicas", replicas},
              {"selector", {{"matchLabels", labels}}},
              {"template",
               {{"metadata", {{"labels", labels}}},
                {"spec", {{"containers", Json::array({container})}, {"volumes", sharedMemoryVolume()}}}}}}}};
}

std::string modelOf(Context &c)
{
    const std::string model = modelName(c.plan);
    c.notes.push_back("Set the MODEL variable of the Deployment to the Hugging Face id or the path of the weights of " +
                      commentText(model) + " (it holds the plan's model name).");
    return model;
}

// Disaggregated: a Deployment per pool (one pod per worker), labelled with its role for the router.
std::string disaggregatedManifest(Context &c)
{
    const DisaggregatedResult &d = c.evaluation.inference.disaggregated;
    const std::string model = modelOf(c);
    Json items = Json::array();
    for (const bool prefill : {true, false}) {
        const DisaggregatedPoolResult &pool = prefill ? d.prefill : d.decode;
        const char *role = prefill ? "prefill" : "decode";
        Json meta = metadata(c);
        // kubernetesName keeps names to 63 characters; the role's suffix must fit too.
        meta["name"] = kubernetesName(c.fileBase.substr(0, 63 - 8), "gpuplan-job") + "-" + role;
        meta["labels"]["gpuplan.org/role"] = role;
        const Json labels = {{"app.kubernetes.io/name", c.fileBase}, {"gpuplan.org/role", role}};
        const std::vector<std::string> args = vllmPoolArguments(c, prefill);
        items.push_back(deploymentOf(meta, labels, pool.workers, servingContainer(c, args, pool.gpusPerWorker, model)));
    }
    c.notes.push_back("Route requests by the gpuplan.org/role label: each prompt to a prefill pod, then to a decode "
                      "pod with the KV transfer parameters the prefill returned (NIXL).");
    const Json list = {{"apiVersion", "v1"}, {"kind", "List"}, {"items", items}};
    return manifestText(c, "Kubernetes Deployments of the prefill and decode pools (vLLM, NIXL KV transfer)",
                        list.dump(2, ' ', false, Json::error_handler_t::replace));
}

} // namespace

std::string kubernetesServingManifest(Context &c)
{
    if (isDisaggregated(c))
        return disaggregatedManifest(c);
    const std::vector<std::string> args = vllmArguments(c);
    const std::string model = modelOf(c);
    const Json deployment = deploymentOf(metadata(c), {{"app.kubernetes.io/name", c.fileBase}}, servingReplicas(c),
                                         servingContainer(c, args, gpusPerReplica(c), model));
    const CapacityResult &cap = c.evaluation.inference.capacity;
    if (cap.maxReplicas < 1)
        return manifestText(c, "Kubernetes Deployment of vLLM replicas",
                            deployment.dump(2, ' ', false, Json::error_handler_t::replace), maxSequencesComment(c));
    // A rate: the Deployment starts at the peak's replicas and the autoscaler moves it between the
    // average's and the peak's. One List keeps the file a single JSON document.
    const Json list = {{"apiVersion", "v1"}, {"kind", "List"}, {"items", Json::array({deployment, autoscaler(c, metadata(c))})}};
    return manifestText(c, "Kubernetes Deployment of vLLM replicas and its HorizontalPodAutoscaler",
                        list.dump(2, ' ', false, Json::error_handler_t::replace), maxSequencesComment(c));
}

} // namespace gpuplan::launch
