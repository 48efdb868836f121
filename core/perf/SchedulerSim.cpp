// SPDX-License-Identifier: GPL-3.0-or-later
#include "perf/SchedulerSim.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace gpuplan {

namespace {

struct Cohort
{
    double n = 0;            // requests
    double arrival = 0;      // s
    double first = 0;        // s, first token
    double prefilled = 0;    // prompt tokens processed per request
    double decoded = 0;      // output tokens per request (the first one included)
    bool admitted = false;
};

struct Sample
{
    double value = 0;
    double weight = 0;
};

constexpr int kMaxCohorts = 512;
constexpr int kMaxSamples = 2048;
constexpr int kMaxEvents = 100000;

// One pass through the pipeline's micro-batches (as perf/InflightBatching.cpp): up to pp groups,
// each stage busy with one group at a time. Speculative draft tokens (decodeTokens beyond one per
// decoding sequence) go through the GEMMs like prompt tokens; each sequence's KV is read once.
double passTime(const ForwardCostModel &m, double decodeTokens, double decoding, double context, double prefillTokens,
                double promptLen, double firstTokens)
{
    const double groups = std::clamp(decoding + firstTokens, 1.0, static_cast<double>(m.pp));
    const double drafts = std::max(decodeTokens - decoding, 0.0);
    return mixedPassTime(m, decoding / groups, context, (prefillTokens + drafts) / groups, promptLen,
                         firstTokens / groups) +
           m.sequenceStepOverhead * (decoding + firstTokens);
}

// Weighted quantile of the first `count` samples (sorted in place).
double quantile(std::array<Sample, kMaxSamples> &s, int count, double q)
{
    std::sort(s.begin(), s.begin() + count, [](const Sample &a, const Sample &b) { return a.value < b.value; });
    double total = 0;
    for (int i = 0; i < count; ++i)
        total += s[static_cast<std::size_t>(i)].weight;
    double seen = 0;
    for (int i = 0; i < count; ++i) {
        seen += s[static_cast<std::size_t>(i)].weight;
        if (seen >= q * total)
            return s[static_cast<std::size_t>(i)].value;
    }
    return count > 0 ? s[static_cast<std::size_t>(count - 1)].value : 0.0;
}

class Simulation
{
public:
    Simulation(const ForwardCostModel &m, const ServingWorkload &w, double concurrency, const SchedulerConfig &c)
        : m_(m), c_(c), concurrency_(concurrency)
    {
        promptFull_ = std::max(w.promptLen, 1.0);
        prompt_ = std::max(promptFull_ * (1.0 - std::clamp(w.prefixHit, 0.0, 0.99)), 1.0);
        output_ = std::max(w.outputLen, 2.0);
        tokensPerDecode_ = 1.0 + std::max(w.specTokens, 0.0);
        acceptedPerDecode_ = acceptedTokensPerStep(w);
        cohorts_[0] = {concurrency, 0, 0, 0, 0, false};
        count_ = 1;
    }

    SimulatedLoad run()
    {
        SimulatedLoad r;
        const double target = std::max(c_.measuredWaves, 1.0) * concurrency_;
        int events = 0;
        while (completed_ < target - 1e-9 && events++ < kMaxEvents) {
            admit();
            if (!step())
                return r;
            finish(target);
        }
        if (completed_ < target - 1e-9 || ttftCount_ == 0 || time_ <= 0)
            return r;
        r.valid = true;
        r.ttftMeanS = ttftSum_ / weightSum_;
        r.tpotMeanS = tpotSum_ / weightSum_;
        r.e2eMeanS = r.ttftMeanS + (output_ - 1.0) * r.tpotMeanS;
        r.requestsPerS = r.e2eMeanS > 0 ? concurrency_ / r.e2eMeanS : 0.0;   // Little's law of the closed loop
        r.tokensPerS = r.requestsPerS * output_;
        r.queuedMean = queuedTime_ / time_;
        r.runningMean = runningTime_ / time_;
        r.ttftP50S = quantile(ttft_, ttftCount_, 0.5);
        r.ttftP90S = quantile(ttft_, ttftCount_, 0.9);
        r.ttftP99S = quantile(ttft_, ttftCount_, 0.99);
        r.tpotP50S = quantile(tpot_, ttftCount_, 0.5);
        r.tpotP90S = quantile(tpot_, ttftCount_, 0.9);
        r.tpotP99S = quantile(tpot_, ttftCount_, 0.99);
        return r;
    }

private:
    bool decodingCohort(const Cohort &c) const { return c.admitted && c.prefilled >= prompt_; }

    // Splits cohorts_[i] into `first` requests at i and the rest at i + 1.
    bool split(int i, double first)
    {
        if (count_ >= kMaxCohorts)
            return false;
        for (int j = count_; j > i + 1; --j)
            cohorts_[static_cast<std::size_t>(j)] = cohorts_[static_cast<std::size_t>(j - 1)];
        Cohort &a = cohorts_[static_cast<std::size_t>(i)];
        Cohort &b = cohorts_[static_cast<std::size_t>(i + 1)];
        b = a;
        b.n = a.n - first;
        a.n = first;
        ++count_;
        return true;
    }

    void admit()
    {
        double running = 0;
        for (int i = 0; i < count_; ++i)
            running += cohorts_[static_cast<std::size_t>(i)].admitted ? cohorts_[static_cast<std::size_t>(i)].n : 0.0;
        for (int i = 0; i < count_; ++i) {
            Cohort &c = cohorts_[static_cast<std::size_t>(i)];
            if (c.admitted)
                continue;
            const double room = std::floor(c_.maxRunning - running + 1e-9);
            if (room < 1)
                break;
            if (c.n > room && !split(i, room))
                break;
            cohorts_[static_cast<std::size_t>(i)].admitted = true;
            running += cohorts_[static_cast<std::size_t>(i)].n;
        }
    }

    void account(double dt)
    {
        for (int i = 0; i < count_; ++i) {
            const Cohort &c = cohorts_[static_cast<std::size_t>(i)];
            (c.admitted ? runningTime_ : queuedTime_) += c.n * dt;
        }
        time_ += dt;
    }

    // One pass, or a run of decode-only passes up to the next completion. False: no progress possible.
    bool step()
    {
        double decoding = 0, contextSum = 0;
        bool prefillPending = false;
        double toFinish = 1e300;
        for (int i = 0; i < count_; ++i) {
            const Cohort &c = cohorts_[static_cast<std::size_t>(i)];
            if (decodingCohort(c)) {
                decoding += c.n;
                contextSum += c.n * (promptFull_ + c.decoded);
                toFinish = std::min(toFinish, std::ceil((output_ - c.decoded) / acceptedPerDecode_ - 1e-9));
            } else if (c.admitted) {
                prefillPending = true;
            }
        }
        if (!prefillPending) {
            if (decoding <= 0)
                return false;
            // Decode-only passes until the first cohort completes: the context grows by the
            // accepted tokens per pass; the pass time is taken at the run's middle context.
            const double passes = std::max(toFinish, 1.0);
            const double context = contextSum / decoding + 0.5 * (passes - 1.0) * acceptedPerDecode_;
            const double dt = passes * decodeOnlyStepTime(m_, decoding, context, tokensPerDecode_, promptFull_);
            account(dt);
            for (int i = 0; i < count_; ++i) {
                Cohort &c = cohorts_[static_cast<std::size_t>(i)];
                if (decodingCohort(c))
                    c.decoded += passes * acceptedPerDecode_;
            }
            return true;
        }
        const double decodeHere = c_.mixedPrefill ? decoding : 0.0;
        double left = std::max(c_.tokenBudget - decodeHere * tokensPerDecode_, 0.0);
        double prefillTokens = 0, firstTokens = 0;
        for (int i = 0; i < count_ && left >= 1.0; ++i) {
            Cohort &c = cohorts_[static_cast<std::size_t>(i)];
            if (!c.admitted || c.prefilled >= prompt_)
                continue;
            const double rest = prompt_ - c.prefilled;
            if (c.n * rest <= left) {
                left -= c.n * rest;
                prefillTokens += c.n * rest;
                firstTokens += c.n;
                c.prefilled = prompt_ + 0.5;   // marks "prompt ended in this pass" (set to prompt_ below)
                continue;
            }
            // The budget ends inside this cohort: whole prompts first, then a chunk of the next.
            const double whole = std::floor(left / rest);
            if (whole >= 1) {
                if (!split(i, whole))
                    return false;
                Cohort &done = cohorts_[static_cast<std::size_t>(i)];
                left -= whole * rest;
                prefillTokens += whole * rest;
                firstTokens += whole;
                done.prefilled = prompt_ + 0.5;
                ++i;
            }
            Cohort &next = cohorts_[static_cast<std::size_t>(i)];
            if (left >= 1.0) {
                if (next.n > 1 && !split(i, 1))
                    return false;
                cohorts_[static_cast<std::size_t>(i)].prefilled += left;
                prefillTokens += left;
                left = 0;
            }
            break;
        }
        const double context = decodeHere > 0 ? contextSum / decoding : promptFull_;
        const double dt = passTime(m_, decodeHere * tokensPerDecode_, decodeHere, context, prefillTokens, promptFull_,
                                   firstTokens);
        account(dt);
        for (int i = 0; i < count_; ++i) {
            Cohort &c = cohorts_[static_cast<std::size_t>(i)];
            if (c.prefilled > prompt_) {   // prompt ended in this pass: first token
                c.prefilled = prompt_;
                c.first = time_;
                c.decoded = 1;
            } else if (decodeHere > 0 && decodingCohort(c)) {
                c.decoded += acceptedPerDecode_;
            }
        }
        return true;
    }

    void record(const Cohort &c, double weight)
    {
        const double ttft = c.first - c.arrival + m_.prefillOverhead;
        const double tpot = (time_ - c.first) / (output_ - 1.0);
        ttftSum_ += weight * ttft;
        tpotSum_ += weight * tpot;
        weightSum_ += weight;
        if (ttftCount_ < kMaxSamples) {
            ttft_[static_cast<std::size_t>(ttftCount_)] = {ttft, weight};
            tpot_[static_cast<std::size_t>(ttftCount_)] = {tpot, weight};
            ++ttftCount_;
        }
    }

    void finish(double target)
    {
        int kept = 0;
        double arrivals = 0;
        for (int i = 0; i < count_; ++i) {
            const Cohort c = cohorts_[static_cast<std::size_t>(i)];
            if (decodingCohort(c) && c.decoded >= output_ - 1e-9) {
                const double measured = std::min(c.n, target - completed_);
                if (measured > 0)
                    record(c, measured);
                completed_ += c.n;
                arrivals += c.n;
                continue;
            }
            cohorts_[static_cast<std::size_t>(kept++)] = c;
        }
        count_ = kept;
        // Closed loop: each finished request is replaced at once; those arriving together move as one.
        if (arrivals > 0 && count_ < kMaxCohorts)
            cohorts_[static_cast<std::size_t>(count_++)] = {arrivals, time_, 0, 0, 0, false};
    }

    const ForwardCostModel &m_;
    SchedulerConfig c_;
    double concurrency_;
    double promptFull_ = 1, prompt_ = 1, output_ = 2;
    double tokensPerDecode_ = 1, acceptedPerDecode_ = 1;
    std::array<Cohort, kMaxCohorts> cohorts_{};
    int count_ = 0;
    double time_ = 0, completed_ = 0;
    double queuedTime_ = 0, runningTime_ = 0;
    double ttftSum_ = 0, tpotSum_ = 0, weightSum_ = 0;
    std::array<Sample, kMaxSamples> ttft_{}, tpot_{};
    int ttftCount_ = 0;
};

} // namespace

SimulatedLoad simulateClosedLoop(const ForwardCostModel &m, const ServingWorkload &w, double concurrency,
                                 const SchedulerConfig &config)
{
    if (!m.valid || concurrency < 1 || w.outputLen < 2 || config.maxRunning < 1 || config.tokenBudget < 1)
        return {};
    Simulation sim(m, w, std::floor(concurrency), config);
    return sim.run();
}

} // namespace gpuplan
