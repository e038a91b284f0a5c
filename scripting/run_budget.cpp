#include "scripting/run_budget.h"

#include <atomic>
#include <utility>

#include "scripting/lua_hooks.h"

namespace zetema::scripting {

namespace {
std::atomic<uint64_t> g_run_budget{kDefaultRunBudget};
}  // namespace

uint64_t run_budget() {
  return g_run_budget.load(std::memory_order_relaxed);
}

void set_run_budget(uint64_t instructions) {
  g_run_budget.store(instructions, std::memory_order_relaxed);
}

RunBudget::RunBudget(const Ruleset& rules, uint64_t instructions) {
  auto* lua = dynamic_cast<LuaHooks*>(rules.hooks.get());
  if (!lua) return;
  sandbox_ = &lua->sandbox();
  saved_budget_ = sandbox_->session_budget();
  saved_start_ = sandbox_->session_start();
  sandbox_->set_session_budget(instructions);
  reasons_ = &lua->reasons();
  saved_reasons_ = reasons_->begin_run();
}

RunBudget::~RunBudget() {
  if (sandbox_) sandbox_->restore_session_budget(saved_budget_, saved_start_);
  if (reasons_) reasons_->end_run(std::move(saved_reasons_));
}

}  // namespace zetema::scripting
