#include "scripting/variant_loader.h"

#include "scripting/choices_reader.h"

#include <filesystem>
#include <fstream>
#include <lua.hpp>
#include <sstream>

#include "scripting/key_lines.h"
#include "scripting/lua_hooks.h"
#include "scripting/rule_fields.h"
#include "scripting/rules_view.h"
#include "scripting/turn_fields.h"

namespace zetema::scripting {

namespace {

constexpr int kMaxExtendsDepth = 8;

struct Layer {
  VariantSource src;
  KeyLines lines;  // where the file's Lua sets each key of its table
  int table_ref = LUA_NOREF;
  std::string id, name, source, parent;
};

ScriptError load_error(const Layer& layer, int line, std::string message) {
  return ScriptError{ScriptError::Kind::Load, layer.src.file, line, std::move(message)};
}

// Reads metadata key `key` (a string) from the table on top of the stack.
std::optional<ScriptError> read_meta(lua_State* L, const Layer& layer, const char* key,
                                     bool required, std::string& out) {
  lua_pushstring(L, key);
  const int t = lua_rawget(L, -2);
  std::optional<ScriptError> err;
  if (t == LUA_TSTRING) {
    out = lua_tostring(L, -1);
  } else if (t != LUA_TNIL || required) {
    err = load_error(layer, layer.lines.line(key),
                     std::string(key) + " must be a string" +
                         (t == LUA_TNIL ? " (every variant file gives its " + std::string(key) + ")"
                                        : std::string(", got ") + luaL_typename(L, -1)));
  }
  lua_pop(L, 1);
  return err;
}

bool is_hook_name(const std::string& key) {
  for (int h = 0; h < kHooks; ++h) {
    if (key == hook_name(static_cast<Hook>(h))) return true;
  }
  return false;
}

// The line of the entry a reader's message names: "points" with
// ".sequence must be ..." is points.sequence, "hand_size" with "[6] ..." is
// hand_size.6; the nearest enclosing key the scan knows otherwise.
int message_line(const KeyLines& lines, std::string path, const std::string& why) {
  std::vector<std::string> paths = {path};
  size_t i = 0;
  while (i < why.size() && (why[i] == '.' || why[i] == '[')) {
    const bool bracket = why[i] == '[';
    const size_t end = bracket ? why.find(']', i) : why.find_first_of(" .[", i + 1);
    if (end == std::string::npos) break;
    path += "." + why.substr(i + 1, end - i - 1);
    paths.push_back(path);
    i = bracket ? end + 1 : end;
  }
  for (auto it = paths.rbegin(); it != paths.rend(); ++it) {
    if (const int line = lines.line(*it)) return line;
  }
  return 0;
}

// Records where the value on top of the stack (the key at `path`, set at
// `line`) sets each rule's origin: the rules named by the path, each rank of a
// rank table, and each subkey given, at the line of its own entry.
void record_origins(lua_State* L, const Layer& layer, const RuleField& f, const std::string& path,
                    int line, Ruleset& rules) {
  const RuleOrigin here{layer.src.file, line, layer.id, layer.source};
  for (RuleId id : rules_at(path)) rules.origins[static_cast<int>(id)] = here;
  if (!lua_istable(L, -1)) return;
  if (f.rank_origins) {
    auto& per_rank = rules.*f.rank_origins;
    lua_pushliteral(L, "other");
    const bool other = lua_rawget(L, -2) != LUA_TNIL;
    lua_pop(L, 1);
    const int other_line = layer.lines.line(path + ".other");
    for (int r = 0; r < kRanks; ++r) {
      // A rank is written as its letter; 2-9 and T also as a number ("7", [7], "10", [10]).
      std::vector<std::string> names = {std::string(1, rank_char(r))};
      if (r == 9) names.push_back("10");
      int at = 0;
      bool given = false;
      for (const std::string& name : names) {
        lua_pushstring(L, name.c_str());
        const bool named = lua_rawget(L, -2) != LUA_TNIL;
        lua_pop(L, 1);
        if (named && at == 0) at = layer.lines.line(path + "." + name);
        given = given || named;
      }
      if (r >= 1 && r <= 9) {
        const bool numbered = lua_rawgeti(L, -1, r + 1) != LUA_TNIL;
        lua_pop(L, 1);
        if (numbered && at == 0) at = layer.lines.line(path + "." + std::to_string(r + 1));
        given = given || numbered;
      }
      if (given || other) {
        if (!given) at = other_line;
        per_rank[r] = RuleOrigin{layer.src.file, at > 0 ? at : line, layer.id, layer.source};
      }
    }
  }
  for (const RuleField& sub : f.subkeys) {
    lua_pushstring(L, sub.key);
    if (lua_rawget(L, -2) != LUA_TNIL) {  // else inherited
      const std::string sub_path = path + "." + sub.key;
      const int at = layer.lines.line(sub_path);
      record_origins(L, layer, sub, sub_path, at > 0 ? at : line, rules);
    }
    lua_pop(L, 1);
  }
}

// Applies one file's table (on top of the stack) over `rules`.
std::optional<ScriptError> apply_layer(lua_State* L, const Layer& layer, bool root, Ruleset& rules,
                                       LuaHooks& hooks) {
  const int t = lua_gettop(L);
  const KeyLines& lines = layer.lines;

  // Every key must be known: a misspelt rule would otherwise be ignored.
  lua_pushnil(L);
  while (lua_next(L, t) != 0) {
    lua_pop(L, 1);
    if (lua_type(L, -1) != LUA_TSTRING) {
      const int at = lua_isinteger(L, -1) ? lines.line(std::to_string(lua_tointeger(L, -1))) : 0;
      lua_pop(L, 1);
      return load_error(layer, at, "keys of a variant table are rule names (strings)");
    }
    const std::string key = lua_tostring(L, -1);
    bool known = is_metadata_key(key) || is_hook_name(key) || key == "choices";
    for (const RuleField& f : rule_fields()) known = known || key == f.key;
    if (!known) {
      lua_pop(L, 1);
      const std::string guess = suggest_key(key);
      return load_error(
          layer, lines.line(key),
          "unknown rule '" + key + "'" + (guess.empty() ? "" : " (did you mean '" + guess + "'?)"));
    }
  }

  for (const RuleField& f : rule_fields()) {
    lua_pushstring(L, f.key);
    if (lua_rawget(L, t) == LUA_TNIL) {
      lua_pop(L, 1);
      if (root && f.required) {
        return load_error(layer, 0,
                          std::string("missing rule '") + f.key +
                              "': a variant without extends must give every rule");
      }
      continue;
    }
    const int line = lines.line(f.key);
    std::string why = f.read(L, lua_gettop(L), rules, root, f);
    if (!why.empty()) {
      lua_pop(L, 1);
      return load_error(layer, message_line(lines, f.key, why),
                        std::string(f.key) + (why[0] == '.' || why[0] == '[' ? "" : " ") + why);
    }
    record_origins(L, layer, f, f.key, line, rules);
    lua_pop(L, 1);
  }

  for (int h = 0; h < kHooks; ++h) {
    const std::string name(hook_name(static_cast<Hook>(h)));
    lua_pushstring(L, name.c_str());
    const int type = lua_rawget(L, t);
    if (type == LUA_TNIL) {
      lua_pop(L, 1);
      continue;
    }
    if (type != LUA_TFUNCTION) {
      lua_pop(L, 1);
      return load_error(layer, lines.line(name),
                        name + " must be a function, got " + lua_typename(L, type));
    }
    lua_Debug ar;
    lua_pushvalue(L, -1);
    lua_getinfo(L, ">S", &ar);
    const std::string file = ar.source[0] == '@' ? ar.source + 1 : layer.src.file;
    hooks.set(static_cast<Hook>(h), SourceLocation{file, ar.linedefined});
  }
  // choices (scripting/choices_reader.h): a child's choice replaces its parent's.
  lua_pushliteral(L, "choices");
  if (lua_rawget(L, t) != LUA_TNIL) {
    const std::string why = read_choices(L, lua_gettop(L), layer.src.file, rules, hooks);
    if (!why.empty()) {
      lua_pop(L, 1);
      return load_error(layer, lines.line("choices"), why);
    }
  }
  lua_pop(L, 1);
  return std::nullopt;
}

LoadedVariant fail(ScriptError e) {
  LoadedVariant out;
  out.error = std::move(e);
  return out;
}

// Runs the chunk of `layer`'s file: its table kept in the registry
// (table_ref), its metadata read.
std::optional<ScriptError> run_layer(Sandbox& sandbox, Layer& layer) {
  lua_State* L = sandbox.L();
  if (auto err = sandbox.run_chunk(layer.src.text, layer.src.file)) return err;
  if (!lua_istable(L, -1)) {
    const std::string type = luaL_typename(L, -1);
    lua_pop(L, 1);
    return load_error(layer, 0, "a variant file must return a table, got " + type);
  }
  std::optional<ScriptError> err = read_meta(L, layer, "id", true, layer.id);
  if (!err) err = read_meta(L, layer, "name", true, layer.name);
  if (!err) err = read_meta(L, layer, "source", true, layer.source);
  if (!err) err = read_meta(L, layer, "extends", false, layer.parent);
  std::string follows;
  if (!err) err = read_meta(L, layer, "follows", false, follows);
  if (err) {
    lua_pop(L, 1);
    return err;
  }
  layer.table_ref = luaL_ref(L, LUA_REGISTRYINDEX);
  return std::nullopt;
}

// Whether `layer` may follow `layers` in the chain: its id is the one it was
// looked up by (`looked_up_as`, "" for a file given by path), and no layer
// before has it.
std::optional<ScriptError> check_chain(const Layer& layer, const std::string& looked_up_as,
                                       const std::vector<Layer>& layers) {
  if (!looked_up_as.empty() && looked_up_as != layer.id) {
    return load_error(layer, layer.lines.line("id"),
                      "this file says id = \"" + layer.id + "\" but was looked up as '" +
                          looked_up_as + "' (a variant's file is named <id>.lua)");
  }
  for (const Layer& seen : layers) {
    if (seen.id == layer.id) {
      return load_error(layer, layer.lines.line("extends"),
                        "extends makes a cycle through '" + layer.id + "'");
    }
  }
  return std::nullopt;
}

// The chain of files into one sandbox: `top`, then the parent each one's
// `extends` names, up to the root.
std::optional<ScriptError> load_layers(Sandbox& sandbox, const VariantSource& top,
                                       const VariantResolver& resolve, std::vector<Layer>& layers) {
  VariantSource cur = top;
  for (int depth = 0;; ++depth) {
    Layer layer;
    layer.src = cur;
    layer.lines = KeyLines(cur.text);
    if (depth >= kMaxExtendsDepth) {
      return load_error(
          layer, 0, "extends goes deeper than " + std::to_string(kMaxExtendsDepth) + " variants");
    }
    if (auto err = run_layer(sandbox, layer)) return err;
    if (auto err = check_chain(layer, cur.id, layers)) return err;
    layers.push_back(layer);
    if (layer.parent.empty()) return std::nullopt;
    std::string why;
    std::optional<VariantSource> parent = resolve(layer.parent, why);
    if (!parent) {
      return load_error(layer, layer.lines.line("extends"),
                        "cannot load parent variant '" + layer.parent + "': " + why);
    }
    cur = std::move(*parent);
  }
}

// Applies the layers, root first, to `rules` and `hooks`, with the `kinds`
// of every layer read once all are known. Reading runs under the sandbox's
// protection and budget, though every read is raw: whatever a file holds, a
// Lua error here cannot end the process.
std::optional<ScriptError> read_layers(Sandbox& sandbox, const std::vector<Layer>& layers,
                                       KindsReader& kinds, Ruleset& rules, LuaHooks& hooks) {
  lua_State* L = sandbox.L();
  std::optional<ScriptError> layer_error;
  auto read = [&] {
    for (auto it = layers.rbegin(); it != layers.rend() && !layer_error; ++it) {
      lua_rawgeti(L, LUA_REGISTRYINDEX, it->table_ref);
      layer_error = apply_layer(L, *it, it == layers.rbegin(), rules, hooks);
      if (!layer_error) {
        layer_error = kinds.add_layer({it->src.file, it->src.text, it->id, it->source});
      }
      lua_pop(L, 1);
    }
    if (!layer_error) layer_error = kinds.finish(rules, hooks);
  };
  if (auto err = sandbox.protect(read)) return err;
  return layer_error;
}

}  // namespace

LoadedVariant load_variant(const VariantSource& top, const VariantResolver& resolve,
                           const SandboxLimits& limits) {
  auto sandbox = std::make_shared<Sandbox>(limits);
  auto hooks = std::make_shared<LuaHooks>(sandbox);
  std::vector<Layer> layers;
  if (auto err = load_layers(*sandbox, top, resolve, layers)) return fail(*err);
  Ruleset rules;
  KindsReader kinds(sandbox->L());  // holds the kinds' tables until the variant is loaded
  if (auto err = read_layers(*sandbox, layers, kinds, rules, *hooks)) return fail(*err);
  const Layer& first = layers.front();
  rules.id = first.id;
  rules.name = first.name;
  rules.source = first.source;
  rules.parent = first.parent;
  if (hooks->any()) rules.hooks = hooks;
  if (std::string why = check_ruleset(rules); !why.empty()) {
    return fail(load_error(first, 0, why));
  }
  auto make_rules_view = [&] { sandbox->rules_ref() = create_rules_view(sandbox->L(), rules); };
  if (auto err = sandbox->protect(make_rules_view)) return fail(*err);
  sandbox->freeze_globals();
  LoadedVariant out;
  out.ok = true;
  out.rules = std::move(rules);
  for (const Layer& l : layers) {
    out.sources.push_back(l.src);
    out.sources.back().id = l.id;  // also for the file given by path
  }
  return out;
}

std::optional<VariantSource> read_variant_file(const std::string& path, std::string& error) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) {
    error = "cannot open " + path +
            (ec || !std::filesystem::exists(path) ? "" : ": not a regular file");
    return std::nullopt;
  }
  const SandboxLimits limits;
  if (std::filesystem::file_size(path, ec) > limits.max_source_bytes) {
    error = path + " is larger than " + std::to_string(limits.max_source_bytes) +
            " bytes, the limit for a variant file";
    return std::nullopt;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = "cannot open " + path;
    return std::nullopt;
  }
  std::ostringstream text;
  text << in.rdbuf();
  return VariantSource{"", path, text.str()};
}

VariantResolver folder_resolver(const std::string& dir, const std::string& shown_dir) {
  return folder_resolver(VariantFolder{dir, shown_dir, "", ""});
}

VariantResolver folder_resolver(const VariantFolder& folder) {
  return [folder](const std::string& id, std::string& error) -> std::optional<VariantSource> {
    if (id.empty() ||
        id.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_") != std::string::npos) {
      error = "a variant id is lower-case letters, digits and _";
      return std::nullopt;
    }
    const std::string file = "/" + id + ".lua";
    std::error_code ec;
    const bool shipped = std::filesystem::exists(folder.path + file, ec);
    const bool users =
        !folder.user_path.empty() && std::filesystem::exists(folder.user_path + file, ec);
    if (shipped && users) {
      error = "variant '" + id + "' is defined twice: " + folder.shown + file + " (shipped) and " +
              folder.user_shown + file + " (yours); rename yours";
      return std::nullopt;
    }
    std::optional<VariantSource> src =
        read_variant_file((users ? folder.user_path : folder.path) + file, error);
    if (!src) {
      error = "no variant '" + id + "' in " + folder.shown + "/" +
              (folder.user_path.empty() ? "" : " or " + folder.user_shown + "/");
      return std::nullopt;
    }
    src->id = id;
    src->file = (users ? folder.user_shown : folder.shown) + file;
    return src;
  };
}

LoadedVariant load_variant_spec(const std::string& spec, const std::string& dir,
                                const SandboxLimits& limits, const std::string& shown_dir) {
  return load_variant_spec(spec, VariantFolder{dir, shown_dir, "", ""}, limits);
}

LoadedVariant load_variant_spec(const std::string& spec, const VariantFolder& folder,
                                const SandboxLimits& limits) {
  const VariantResolver resolve = folder_resolver(folder);
  std::string why;
  const bool is_path = spec.find('/') != std::string::npos ||
                       (spec.size() > 4 && spec.compare(spec.size() - 4, 4, ".lua") == 0);
  std::optional<VariantSource> top = is_path ? read_variant_file(spec, why) : resolve(spec, why);
  if (!top && !is_path &&
      spec.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_") != std::string::npos)
    why = "not a .lua file nor a variant id (an id is lower-case letters, digits and _)";
  if (!top) return fail(ScriptError{ScriptError::Kind::Load, spec, 0, why});
  return load_variant(*top, resolve, limits);
}

}  // namespace zetema::scripting
