// Runs the kernels of an emitted .cpp on pto-isa's CPU simulation, as
// ptoc-sim launches the entry (testing/integration/pto_isa_sim_test.sh).
//
// Built with the real pto-isa headers, the emitted .cpp included into this
// translation unit (under __CPU_SIM one object holds both core types):
//   clang++-19 -std=c++20 -D__CPU_SIM ... -I$PTO_ISA_ROOT/include \
//     -DPTOC_KERNEL_CPP='"k.cpp"' pto_isa_launcher.cpp -rdynamic -pthread -ldl
//
//   launcher PLAN_DIR OUT_DIR [--aiv=1|2] [--runs=N] [--timeout=SECONDS]
//
// PLAN_DIR is written by `launch_plan --plan` (testing/conformance): the GM
// layout of one rank, the lanes with their kernel arguments and the initial
// contents. Ranks are core groups: rank r's lanes run with block_idx r, each
// on its own thread inside pto::cpu_sim::ScopedExecutionContext: the AIC lane
// as (r, 0, 1), the AIV lane as (r, 0, 1) or, with --aiv=2, as two threads
// (r, 0, 2) and (r, 1, 2) (the 1C:2V launch of the hardware). Every rank has
// its own GM block, comm_ctx = [rank, ranks, each rank's block base],
// gm_pipe_buffer (the plan's pipe_buffer_bytes: the GM rings of the pipes),
// sync_workspace and sdma_workspace (codegen/kernel_abi.h).
// The backend of the plan picks pto-isa's memory model (NPUMemoryModel::SetDefaultArch).
//
// The launch is repeated --runs times from the same inputs, run k > 0 with
// lane thread (k - 1) mod T of every rank started 3 ms late (T lane threads
// per rank), so that each thread once runs ahead of the others. Every run
// must produce the same outputs as run 0, which are written to
// OUT_DIR/<param>.<rank>.bin (raw bytes, every Out / InOut tensor).
//
// Exit status: 0 when every run finished with the outputs of run 0; 1 when a
// run's outputs differ; 3 when a run did not finish within --timeout seconds
// (a lost signal or FIFO deadlock: the launcher sets
// PTO_CPU_SIM_TWAIT_MAX_SPINS=0, so TWAIT spins forever instead of returning
// silently); 4 when a lane threw; 2 on a bad plan or command line.
#include <pto/pto-inst.hpp>

#include PTOC_KERNEL_CPP

#include <dlfcn.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "runtime/device/kernel_call.h"

#if !defined(__x86_64__) && !defined(__aarch64__)
#error "the launcher calls kernels with the x86-64 or AArch64 integer calling convention"
#endif

// pto-isa keys the shared state of a TPipe by this hook when it exists
// (cpu/TPush.hpp, GetSharedState): "pto-pipe-<cookie>-<block_idx>-<flag>-...".
// Without it every core group of the process would share one FIFO per pipe
// type; with it each rank (block_idx) has its own. The storage is dropped
// between runs.
namespace {
std::mutex storage_mutex;
std::map<std::string, std::unique_ptr<unsigned char[]>> storage;
}  // namespace

extern "C" void* pto_cpu_sim_get_shared_storage(std::string key, size_t size) {
  std::lock_guard<std::mutex> lock(storage_mutex);
  auto& slot = storage[key];
  if (slot == nullptr) {
    slot.reset(new (std::align_val_t(64)) unsigned char[size]());
  }
  return slot.get();
}

namespace {

struct Tensor {
  std::string name;
  uint64_t offset = 0;
  uint64_t bytes = 0;
  bool out = false;
};

struct Lane {
  bool aic = false;
  std::string function;
  std::vector<std::string> args;
  void* fn = nullptr;
};

struct Plan {
  std::string backend;
  int ranks = 0;
  uint64_t block_bytes = 0;
  uint64_t pipe_buffer_bytes = 0;
  uint64_t sync_workspace_ints = 0;
  std::vector<Tensor> tensors;
  std::vector<Lane> lanes;
};

[[noreturn]] void Die(const std::string& message, int status = 2) {
  std::cerr << "launcher: " << message << std::endl;
  std::_Exit(status);
}

Plan ReadPlan(const std::string& dir) {
  std::ifstream f(dir + "/plan.txt");
  if (!f) Die("cannot read " + dir + "/plan.txt");
  Plan p;
  std::string line;
  while (std::getline(f, line)) {
    std::istringstream in(line);
    std::string key;
    in >> key;
    if (key == "backend") {
      in >> p.backend;
    } else if (key == "ranks") {
      in >> p.ranks;
    } else if (key == "block_bytes") {
      in >> p.block_bytes;
    } else if (key == "pipe_buffer_bytes") {
      in >> p.pipe_buffer_bytes;
    } else if (key == "sync_workspace_ints") {
      in >> p.sync_workspace_ints;
    } else if (key == "tensor") {
      Tensor t;
      int out = 0;
      in >> t.name >> t.offset >> t.bytes >> out;
      t.out = out != 0;
      p.tensors.push_back(t);
    } else if (key == "lane") {
      Lane l;
      std::string core;
      size_t n = 0;
      in >> core >> l.function >> n;
      l.aic = core == "aic";
      l.args.resize(n);
      for (std::string& a : l.args) in >> a;
      p.lanes.push_back(l);
    } else if (!key.empty()) {
      Die("unknown plan line: " + line);
    }
    if (in.fail()) Die("malformed plan line: " + line);
  }
  if (p.ranks < 1 || p.lanes.empty() || (p.backend != "a2a3" && p.backend != "a5")) {
    Die("incomplete plan in " + dir);
  }
  return p;
}

std::vector<uint8_t> ReadFile(const std::string& path, uint64_t bytes) {
  std::ifstream f(path, std::ios::binary);
  std::vector<uint8_t> data(bytes);
  if (!f.read(reinterpret_cast<char*>(data.data()), static_cast<std::streamsize>(bytes))) {
    Die("cannot read " + std::to_string(bytes) + " bytes from " + path);
  }
  return data;
}

using ptoc::kernel_call::kMaxKernelArgs;

struct AlignedBuffer {
  explicit AlignedBuffer(uint64_t bytes)
      : size(bytes), data(static_cast<uint8_t*>(std::aligned_alloc(4096, (bytes + 4095) / 4096 * 4096))) {
    if (data == nullptr) Die("out of memory");
  }
  ~AlignedBuffer() { std::free(data); }
  uint64_t size;
  uint8_t* data;
};

struct RankMemory {
  std::vector<int64_t> comm_ctx;
  std::vector<uint8_t> pipe_buffer;
  std::vector<int32_t> sync_workspace;
  // prefetch.make_context's workspace; pto-isa's CPU TPREFETCH_ASYNC does
  // not touch it.
  std::vector<uint8_t> sdma_workspace = std::vector<uint8_t>(64);
};

struct Thread {
  int rank;
  const Lane* lane;
  uint32_t subblock;
  uint32_t subblock_dim;
  std::vector<uint64_t> args;
  std::string name;
};

std::vector<uint64_t> Args(const Lane& lane, uint8_t* block, RankMemory& mem) {
  std::vector<uint64_t> args;
  for (const std::string& a : lane.args) {
    if (a == "sdma_workspace") {
      args.push_back(reinterpret_cast<uintptr_t>(mem.sdma_workspace.data()));
    } else if (a == "comm_ctx") {
      args.push_back(reinterpret_cast<uintptr_t>(mem.comm_ctx.data()));
    } else if (a == "gm_pipe_buffer") {
      args.push_back(reinterpret_cast<uintptr_t>(mem.pipe_buffer.data()));
    } else if (a == "sync_workspace") {
      args.push_back(reinterpret_cast<uintptr_t>(mem.sync_workspace.data()));
    } else if (a[0] == 't') {
      args.push_back(reinterpret_cast<uintptr_t>(block + std::stoull(a.substr(1))));
    } else if (a[0] == 's') {
      args.push_back(static_cast<uint64_t>(std::stoll(a.substr(1))));
    } else {
      Die("unknown kernel argument " + a);
    }
  }
  if (args.size() > kMaxKernelArgs) Die(lane.function + " takes more than 16 arguments");
  return args;
}

// One launch from the inputs; returns the outputs, every Out / InOut tensor
// of every rank in plan order.
std::vector<std::vector<uint8_t>> Run(const Plan& plan, const std::string& plan_dir, int aiv,
                                      int run, int timeout_seconds, std::string* late_name) {
  {
    std::lock_guard<std::mutex> lock(storage_mutex);
    storage.clear();
  }
  AlignedBuffer gm(plan.block_bytes * plan.ranks);
  std::memset(gm.data, 0, gm.size);
  for (int r = 0; r < plan.ranks; ++r) {
    for (const Tensor& t : plan.tensors) {
      std::vector<uint8_t> in =
          ReadFile(plan_dir + "/in/" + t.name + "." + std::to_string(r) + ".bin", t.bytes);
      std::memcpy(gm.data + r * plan.block_bytes + t.offset, in.data(), t.bytes);
    }
  }
  std::vector<RankMemory> mems(plan.ranks);
  for (int r = 0; r < plan.ranks; ++r) {
    mems[r].comm_ctx = {r, plan.ranks};
    for (int p = 0; p < plan.ranks; ++p) {
      mems[r].comm_ctx.push_back(
          static_cast<int64_t>(reinterpret_cast<uintptr_t>(gm.data + p * plan.block_bytes)));
    }
    mems[r].pipe_buffer.assign(plan.pipe_buffer_bytes, 0);
    mems[r].sync_workspace.assign(plan.sync_workspace_ints, 0);
  }
  std::vector<Thread> threads;
  for (int r = 0; r < plan.ranks; ++r) {
    for (const Lane& lane : plan.lanes) {
      const int copies = lane.aic ? 1 : aiv;
      for (int sb = 0; sb < copies; ++sb) {
        Thread t{r, &lane, static_cast<uint32_t>(sb), static_cast<uint32_t>(copies),
                 Args(lane, gm.data + r * plan.block_bytes, mems[r]),
                 "rank " + std::to_string(r) + " " + lane.function +
                     (lane.aic ? "" : " subblock " + std::to_string(sb))};
        threads.push_back(std::move(t));
      }
    }
  }
  const size_t per_rank = threads.size() / plan.ranks;
  const long late = run == 0 ? -1 : static_cast<long>((run - 1) % per_rank);
  *late_name = late < 0 ? "none" : threads[late].name.substr(threads[late].name.find(' ', 5) + 1);

  std::atomic<int> started{0};
  std::vector<std::unique_ptr<std::atomic<bool>>> done;
  std::mutex error_mutex;
  std::string error;
  std::vector<std::thread> workers;
  for (size_t i = 0; i < threads.size(); ++i) done.push_back(std::make_unique<std::atomic<bool>>(false));
  for (size_t i = 0; i < threads.size(); ++i) {
    workers.emplace_back([&, i] {
      const Thread& t = threads[i];
      pto::cpu_sim::ScopedExecutionContext context(static_cast<uint32_t>(t.rank), t.subblock,
                                                   t.subblock_dim);
      started.fetch_add(1);
      while (started.load() < static_cast<int>(threads.size())) std::this_thread::yield();
      if (static_cast<long>(i % per_rank) == late) {
        std::this_thread::sleep_for(std::chrono::milliseconds(3));
      }
      try {
        ptoc::kernel_call::CallKernel(t.lane->fn, t.args);
      } catch (const std::exception& e) {
        std::lock_guard<std::mutex> lock(error_mutex);
        if (error.empty()) error = t.name + " threw: " + e.what();
      } catch (...) {
        std::lock_guard<std::mutex> lock(error_mutex);
        if (error.empty()) error = t.name + " threw";
      }
      done[i]->store(true);
    });
  }
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(timeout_seconds);
  for (;;) {
    bool all = true;
    for (auto& d : done) all = all && d->load();
    if (all) break;
    if (std::chrono::steady_clock::now() > deadline) {
      std::ostringstream m;
      m << "run " << run << ": not finished after " << timeout_seconds
        << " s (a lost signal or a FIFO deadlock); still running:";
      for (size_t i = 0; i < threads.size(); ++i) {
        if (!done[i]->load()) m << " [" << threads[i].name << "]";
      }
      Die(m.str(), 3);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  for (std::thread& w : workers) w.join();
  if (!error.empty()) Die("run " + std::to_string(run) + ": " + error, 4);

  std::vector<std::vector<uint8_t>> outputs;
  for (int r = 0; r < plan.ranks; ++r) {
    for (const Tensor& t : plan.tensors) {
      if (!t.out) continue;
      const uint8_t* at = gm.data + r * plan.block_bytes + t.offset;
      outputs.emplace_back(at, at + t.bytes);
    }
  }
  return outputs;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) Die("usage: launcher PLAN_DIR OUT_DIR [--aiv=1|2] [--runs=N] [--timeout=S]");
  const std::string plan_dir = argv[1];
  const std::string out_dir = argv[2];
  int aiv = 1;
  int runs = 1;
  int timeout_seconds = 60;
  for (int i = 3; i < argc; ++i) {
    std::string a = argv[i];
    if (a.rfind("--aiv=", 0) == 0) {
      aiv = std::stoi(a.substr(6));
    } else if (a.rfind("--runs=", 0) == 0) {
      runs = std::stoi(a.substr(7));
    } else if (a.rfind("--timeout=", 0) == 0) {
      timeout_seconds = std::stoi(a.substr(10));
    } else {
      Die("unknown flag " + a);
    }
  }
  if ((aiv != 1 && aiv != 2) || runs < 1) Die("--aiv is 1 or 2, --runs at least 1");
  // A TWAIT whose signal never comes spins forever (and the watchdog above
  // reports it) instead of returning silently after 100000 spins.
  setenv("PTO_CPU_SIM_TWAIT_MAX_SPINS", "0", 1);
  Plan plan = ReadPlan(plan_dir);
  for (Lane& lane : plan.lanes) {
    lane.fn = dlsym(RTLD_DEFAULT, lane.function.c_str());
    if (lane.fn == nullptr) Die("the .cpp defines no kernel '" + lane.function + "' (link with -rdynamic)");
  }
  pto::NPUMemoryModel::SetDefaultArch(plan.backend == "a5" ? pto::NPUArch::A5 : pto::NPUArch::A2A3);

  std::vector<std::vector<uint8_t>> first;
  int status = 0;
  for (int run = 0; run < runs; ++run) {
    std::string late;
    std::vector<std::vector<uint8_t>> outputs = Run(plan, plan_dir, aiv, run, timeout_seconds, &late);
    if (run == 0) {
      first = outputs;
      continue;
    }
    size_t k = 0;
    for (int r = 0; r < plan.ranks; ++r) {
      for (const Tensor& t : plan.tensors) {
        if (!t.out) continue;
        if (outputs[k] != first[k]) {
          size_t at = 0;
          while (outputs[k][at] == first[k][at]) ++at;
          size_t differ = 0, zero = 0;
          for (size_t b = 0; b < outputs[k].size(); ++b) {
            differ += outputs[k][b] != first[k][b];
            zero += outputs[k][b] == 0;
          }
          std::cerr << "launcher: run " << run << " (" << late
                    << " started 3 ms late) computed another " << t.name << "." << r
                    << " than run 0 (no lane late): first differing byte " << at << ", "
                    << differ << " of " << outputs[k].size() << " bytes differ, "
                    << zero << " bytes zero" << std::endl;
          status = 1;
        }
        ++k;
      }
    }
  }
  size_t k = 0;
  for (int r = 0; r < plan.ranks; ++r) {
    for (const Tensor& t : plan.tensors) {
      if (!t.out) continue;
      std::ofstream f(out_dir + "/" + t.name + "." + std::to_string(r) + ".bin", std::ios::binary);
      f.write(reinterpret_cast<const char*>(first[k].data()), static_cast<std::streamsize>(first[k].size()));
      if (!f) Die("cannot write to " + out_dir);
      ++k;
    }
  }
  std::cout << "launcher: " << runs << " run(s) of " << plan.ranks << " rank(s) x "
            << plan.lanes.size() << " lane(s), " << aiv << " AIV thread(s) per AIV lane"
            << (status == 0 ? ", all runs equal" : ", runs differ") << std::endl;
  return status;
}
