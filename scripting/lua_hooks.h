// RuleHooks implemented by Lua functions of a loaded variant.
//
// Each call: point the state view at the engine's State, push the hook's
// arguments (the decl/m/z tables are made once and refilled: see
// push_declaration), run it under the sandbox's budget with math.random on the
// engine's generator, check the returned value's type. Any failure comes
// back as a ScriptError with file:line; the engine then discards its copy
// of the state.
#pragma once

#include <array>
#include <memory>
#include <string>
#include <vector>

#include "engine/hooks.h"
#include "scripting/run_reasons.h"
#include "scripting/sandbox.h"

namespace zetema::scripting {

class LuaHooks final : public RuleHooks {
 public:
  explicit LuaHooks(std::shared_ptr<Sandbox> sandbox);
  ~LuaHooks() override;

  // Takes the function on top of the stack as hook `h`.
  void set(Hook h, const SourceLocation& where);
  // Takes the function on top of the stack as a kind's finder or score.
  void set_kind(int kind, KindHook h, const std::string& kind_name, const SourceLocation& where);
  // Takes the function on top of the stack as a choice's (choices.NAME.apply).
  void set_choice(int choice, const std::string& choice_name, const SourceLocation& where);
  bool any() const;

  SourceLocation where(Hook h) const override { return hooks_[static_cast<int>(h)].where; }

  HookReturn<Scored> score_declaration(const State& s, Rng& rng, const DeclarationInfo& d) override;
  HookReturn<Scored> score_marriages(const State& s, Rng& rng, const DeclarationInfo& d) override;
  HookReturn<Scored> score_zetema(const State& s, Rng& rng, const ZetemaInfo& z) override;
  HookReturn<AllowVerdict> allow_declaration(const State& s, Rng& rng,
                                             const DeclarationInfo& d) override;
  HookReturn<bool> after_zetema(const State& s, Rng& rng, const ZetemaInfo& z, bool chain) override;
  HookReturn<bool> hand_over(const State& s, Rng& rng, bool by_table) override;
  HookReturn<GameVerdict> game_over(const State& s, Rng& rng, GameMoment when,
                                    const GameVerdict& by_table) override;
  HookReturn<StepRule> flow_step(const State& s, Rng& rng, FlowStep step,
                                 const StepRule& by_table) override;
  HookReturn<AllowVerdict> allow_discard(const State& s, Rng& rng, Card card) override;
  HookReturn<Acts> score_hand_end(const State& s, Rng& rng) override;
  HookReturn<Acts> moment(const State& s, Rng& rng, Hook h) override;
  HookReturn<Acts> choose(const State& s, Rng& rng, const Action& picked, int chooser) override;
  SourceLocation where_choice(int choice) const override;

  bool defines_kind(int kind, KindHook h) const override { return kind_ref(kind, h) >= 0; }
  SourceLocation where_kind(int kind, KindHook h) const override;
  HookReturn<std::vector<CardSet>> find_kind(const State& s, Rng& rng, int kind) override;
  HookReturn<Scored> score_kind(const State& s, Rng& rng, int kind,
                                const DeclarationInfo& d) override;

  Sandbox& sandbox() { return *sandbox_; }
  // The reasons the hooks have given in this run (RunBudget starts a run).
  RunReasons& reasons() { return reasons_; }

 private:
  // A Lua function the engine calls: its registry ref, where it is defined
  // and the name its errors give.
  struct Function {
    int ref = -1;
    SourceLocation where;
    std::string name;
  };
  template <class T, class PushArgs, class Read>
  HookReturn<T> invoke(const Function& f, const State& s, Rng& rng, PushArgs&& push_args,
                       Read&& read, int nresults = 1);
  template <class T, class PushArgs, class Read>
  HookReturn<T> invoke(Hook h, const State& s, Rng& rng, PushArgs&& push_args, Read&& read,
                       int nresults = 1) {
    return invoke<T>(hooks_[static_cast<int>(h)], s, rng, push_args, read, nresults);
  }
  int kind_ref(int kind, KindHook h) const;
  // Push the reused `decl` / `z` argument table, filled for this call.
  void push_declaration(lua_State* L, const State& s, const DeclarationInfo& d);
  void push_zetema(lua_State* L, const ZetemaInfo& z);
  // Calls the fill function below its `nargs` arguments on the stack.
  void fill(lua_State* L, int nargs);

  std::shared_ptr<Sandbox> sandbox_;
  std::array<Function, kHooks> hooks_;
  std::vector<std::array<Function, 2>> kinds_;  // per kind: find, score
  std::vector<Function> choices_;               // per choice: its function
  RunReasons reasons_;
  int view_ref_ = -1;
  const State** view_state_ = nullptr;  // the view's State, set during a call
  // The argument tables reused from call to call (registry refs), and how
  // many cards the card list held at the last call.
  struct ReusedArguments {
    int declaration = -1;
    int cards = -1;
    int zetema = -1;
    int fill_other = -1;  // the Lua functions that set their fields
    int fill_marriages = -1;
    int fill_assembly = -1;
    int fill_zetema = -1;
    int cards_length = 0;
    bool had_marriage_fields = false;
    bool had_rank = false;
  } args_;
};

}  // namespace zetema::scripting
