// RuleHooks implemented by Lua functions of a loaded variant.
//
// Each call: point the state view at the engine's State, push the hook's
// arguments, run it under the sandbox's budget with math.random on the
// engine's generator, check the returned value's type. Any failure comes
// back as a ScriptError with file:line; the engine then discards its copy
// of the state.
#pragma once

#include <array>
#include <memory>

#include "engine/hooks.h"
#include "scripting/sandbox.h"

namespace zetema::scripting {

class LuaHooks final : public RuleHooks {
 public:
  explicit LuaHooks(std::shared_ptr<Sandbox> sandbox);
  ~LuaHooks() override;

  // Takes the function on top of the stack as hook `h`.
  void set(Hook h, const SourceLocation& where);
  bool any() const;

  bool defines(Hook h) const override { return refs_[static_cast<int>(h)] >= 0; }
  SourceLocation where(Hook h) const override { return where_[static_cast<int>(h)]; }

  HookReturn<int> score_declaration(const State& s, Rng& rng, const DeclarationInfo& d) override;
  HookReturn<int> score_marriages(const State& s, Rng& rng, const DeclarationInfo& d) override;
  HookReturn<int> score_zetema(const State& s, Rng& rng, const ZetemaInfo& z) override;
  HookReturn<AllowVerdict> allow_declaration(const State& s, Rng& rng,
                                             const DeclarationInfo& d) override;
  HookReturn<bool> after_zetema(const State& s, Rng& rng, const ZetemaInfo& z, bool chain) override;
  HookReturn<bool> hand_over(const State& s, Rng& rng, bool by_table) override;
  HookReturn<GameVerdict> game_over(const State& s, Rng& rng, GameMoment when,
                                    const GameVerdict& by_table) override;

  Sandbox& sandbox() { return *sandbox_; }

 private:
  template <class T, class PushArgs, class Read>
  HookReturn<T> invoke(Hook h, const State& s, Rng& rng, PushArgs&& push_args, Read&& read,
                       int nresults = 1);

  std::shared_ptr<Sandbox> sandbox_;
  std::array<int, kHooks> refs_;
  std::array<SourceLocation, kHooks> where_;
  int view_ref_ = -1;
};

}  // namespace zetema::scripting
