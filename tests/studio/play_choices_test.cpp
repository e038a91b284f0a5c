// A human seat in a variant with choices: the play session lists the options
// of the choice put to the human, labelled by the option, and plays a pick.
#include <doctest/doctest.h>

#include <filesystem>
#include <memory>

#include "engine/choices.h"
#include "studio/session/play_session.h"
#include "tests/support/variants.h"

using namespace zetema;
using namespace zetema::studio;

TEST_CASE("a play session puts a choice to the human as its options and plays the pick") {
  auto v = std::make_shared<const scripting::LoadedVariant>(scripting::load_variant(
      {"", "test/ch_play.lua",
       "return { id = 'ch_play', name = 'Choices play', source = 'test', extends = 'sackson',\n"
       "  turn_start = function(state)\n"
       "    if state.stock > 0 then return { offer = 'trade', reason = 'trade?' } end\n"
       "  end,\n"
       "  choices = { trade = { options = 'yes_no', apply = function(state, yes) end } },\n"
       "}\n"},
      scripting::folder_resolver(test::variants_dir())));
  REQUIRE(v->ok);
  const auto save = std::filesystem::temp_directory_path() / "zetema-play-choices.json";
  PlaySession p;
  REQUIRE_MESSAGE(p.start(v, 2, std::nullopt, {"human", "random"}, 5, save.string()), p.error());
  // Until the choice is put to the human: the first legal action each time.
  for (int k = 0; k < 20 && p.human_to_move() && p.state().phase != Phase::Choice; ++k) {
    const std::vector<Choice> c = p.choices();
    REQUIRE_FALSE(c.empty());
    REQUIRE(p.play(c.front().action));
  }
  REQUIRE(p.human_to_move());
  REQUIRE(p.state().phase == Phase::Choice);
  const std::vector<Choice> options = p.choices();
  REQUIRE(options.size() == 2);
  CHECK(options[0].label == "yes");
  CHECK(options[1].label == "no");
  for (const Choice& c : options) {
    CHECK(c.legal);
    CHECK(c.action.type == ActionType::Choose);
  }
  const size_t before = p.events().size();
  REQUIRE_MESSAGE(p.play(options[1].action), p.error());
  REQUIRE(p.events().size() > before);
  CHECK(p.events()[before].type == EventType::Choice);
  CHECK(p.events()[before].bonus == 0);  // "no"
  CHECK(p.state().phase != Phase::Choice);
  std::filesystem::remove(save);
}
