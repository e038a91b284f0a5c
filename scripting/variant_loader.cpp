#include "scripting/variant_loader.h"

#include <cctype>
#include <filesystem>
#include <fstream>
#include <lua.hpp>
#include <sstream>

#include "scripting/lua_hooks.h"
#include "scripting/rule_fields.h"
#include "scripting/turn_fields.h"

namespace zetema::scripting {

namespace {

constexpr int kMaxExtendsDepth = 8;

struct Layer {
  VariantSource src;
  int table_ref = LUA_NOREF;
  std::string id, name, source, parent;
};

// The first line after `after` where `key =` stands at the start of a line
// (or, with `anywhere`, as a whole word anywhere in it, for an entry of a
// table written on one line); 0 if none.
int key_line(const std::string& text, const std::string& key, int after = 0,
             bool anywhere = false) {
  auto word_char = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  std::istringstream in(text);
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    if (n <= after) continue;
    const size_t lead = line.find_first_not_of(" \t");
    for (size_t at = line.find(key); at != std::string::npos; at = line.find(key, at + 1)) {
      if (!anywhere && at != lead) break;
      if (at > 0 && word_char(line[at - 1])) continue;
      const size_t i = line.find_first_not_of(" \t", at + key.size());
      if (i != std::string::npos && line[i] == '=' &&
          (i + 1 >= line.size() || line[i + 1] != '=')) {
        return n;
      }
    }
  }
  return 0;
}

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
    err = load_error(layer, key_line(layer.src.text, key),
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

// Applies one file's table (on top of the stack) over `rules`.
std::optional<ScriptError> apply_layer(lua_State* L, const Layer& layer, bool root, Ruleset& rules,
                                       LuaHooks& hooks) {
  const int t = lua_gettop(L);
  const std::string& text = layer.src.text;

  // Every key must be known: a misspelt rule would otherwise be ignored.
  lua_pushnil(L);
  while (lua_next(L, t) != 0) {
    lua_pop(L, 1);
    if (lua_type(L, -1) != LUA_TSTRING) {
      lua_pop(L, 1);
      return load_error(layer, 0, "keys of a variant table are rule names (strings)");
    }
    const std::string key = lua_tostring(L, -1);
    bool known = is_metadata_key(key) || is_hook_name(key);
    for (const RuleField& f : rule_fields()) known = known || key == f.key;
    if (!known) {
      lua_pop(L, 1);
      const std::string guess = suggest_key(key);
      return load_error(
          layer, key_line(text, key),
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
    const int line = key_line(text, f.key);
    std::string why = f.read(L, lua_gettop(L), rules, root);
    if (!why.empty()) {
      lua_pop(L, 1);
      return load_error(layer, line,
                        std::string(f.key) + (why[0] == '.' || why[0] == '[' ? "" : " ") + why);
    }
    // The rank tables: origins per rank, for the ranks this file gives.
    const bool assembly = std::string(f.key) == "assembly_points";
    if (assembly || std::string(f.key) == "zetema_points") {
      auto& per_rank = assembly ? rules.assembly_origins : rules.zetema_origins;
      lua_pushliteral(L, "other");
      const bool other = lua_rawget(L, -2) != LUA_TNIL;
      lua_pop(L, 1);
      for (int r = 0; r < kRanks; ++r) {
        const std::string rank(1, rank_char(r));
        lua_pushstring(L, rank.c_str());
        bool given = lua_rawget(L, -2) != LUA_TNIL;
        lua_pop(L, 1);
        if (!given && r >= 1 && r <= 9) {  // ranks 2-9 and T may be written as numbers
          given = lua_rawgeti(L, -1, r + 1) != LUA_TNIL;
          lua_pop(L, 1);
        }
        if (given || other) {
          const int at = given ? key_line(text, rank == "5" ? "[\"5\"]" : rank, line - 1, true) : 0;
          per_rank[r] = RuleOrigin{layer.src.file, at > 0 ? at : line, layer.id, layer.source};
        }
      }
    }
    for (size_t k = 0; k < f.rules.size(); ++k) {
      int rule_line = line;
      if (k < f.subkeys.size()) {
        lua_pushstring(L, f.subkeys[k]);
        const bool given = lua_rawget(L, -2) != LUA_TNIL;
        lua_pop(L, 1);
        if (!given) continue;  // inherited
        rule_line = key_line(text, f.subkeys[k], line - 1, true);
      }
      rules.origins[static_cast<int>(f.rules[k])] =
          RuleOrigin{layer.src.file, rule_line, layer.id, layer.source};
    }
    lua_pop(L, 1);
  }

  // The steps of the turn's flow this file sets, with their lines.
  lua_pushliteral(L, "flow");
  if (lua_rawget(L, t) == LUA_TTABLE) {
    const int flow_line = key_line(text, "flow");
    for (int step = 0; step < kFlowSteps; ++step) {
      const std::string name(to_string(static_cast<FlowStep>(step)));
      lua_pushstring(L, name.c_str());
      const bool given = lua_rawget(L, -2) != LUA_TNIL;
      lua_pop(L, 1);
      if (!given) continue;
      const int at = key_line(text, name, flow_line > 0 ? flow_line - 1 : 0, true);
      rules.flow_origins[step] = RuleOrigin{layer.src.file, at, layer.id, layer.source};
    }
  }
  lua_pop(L, 1);

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
      return load_error(layer, key_line(text, name),
                        name + " must be a function, got " + lua_typename(L, type));
    }
    lua_Debug ar;
    lua_pushvalue(L, -1);
    lua_getinfo(L, ">S", &ar);
    const std::string file = ar.source[0] == '@' ? ar.source + 1 : layer.src.file;
    hooks.set(static_cast<Hook>(h), SourceLocation{file, ar.linedefined});
  }
  return std::nullopt;
}

LoadedVariant fail(ScriptError e) {
  LoadedVariant out;
  out.error = std::move(e);
  return out;
}

}  // namespace

LoadedVariant load_variant(const VariantSource& top, const VariantResolver& resolve,
                           const SandboxLimits& limits) {
  auto sandbox = std::make_shared<Sandbox>(limits);
  auto hooks = std::make_shared<LuaHooks>(sandbox);
  lua_State* L = sandbox->L();
  LoadedVariant out;
  std::vector<Layer> layers;
  VariantSource cur = top;
  for (int depth = 0;; ++depth) {
    Layer layer;
    layer.src = cur;
    if (depth >= kMaxExtendsDepth) {
      return fail(load_error(
          layer, 0, "extends goes deeper than " + std::to_string(kMaxExtendsDepth) + " variants"));
    }
    if (auto err = sandbox->run_chunk(cur.text, cur.file)) return fail(*err);
    if (!lua_istable(L, -1)) {
      const std::string type = luaL_typename(L, -1);
      lua_pop(L, 1);
      return fail(load_error(layer, 0, "a variant file must return a table, got " + type));
    }
    std::optional<ScriptError> err = read_meta(L, layer, "id", true, layer.id);
    if (!err) err = read_meta(L, layer, "name", true, layer.name);
    if (!err) err = read_meta(L, layer, "source", true, layer.source);
    if (!err) err = read_meta(L, layer, "extends", false, layer.parent);
    std::string follows;
    if (!err) err = read_meta(L, layer, "follows", false, follows);
    if (err) {
      lua_pop(L, 1);
      return fail(*err);
    }
    layer.table_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    if (!cur.id.empty() && cur.id != layer.id) {
      return fail(load_error(layer, key_line(cur.text, "id"),
                             "this file says id = \"" + layer.id + "\" but was looked up as '" +
                                 cur.id + "' (a variant's file is named <id>.lua)"));
    }
    for (const Layer& seen : layers) {
      if (seen.id == layer.id) {
        return fail(load_error(layer, key_line(cur.text, "extends"),
                               "extends makes a cycle through '" + layer.id + "'"));
      }
    }
    layers.push_back(layer);
    if (layer.parent.empty()) break;
    std::string why;
    std::optional<VariantSource> parent = resolve(layer.parent, why);
    if (!parent) {
      return fail(load_error(layer, key_line(cur.text, "extends"),
                             "cannot load parent variant '" + layer.parent + "': " + why));
    }
    cur = std::move(*parent);
  }

  // Reading runs under the sandbox's protection and budget, though every
  // read is raw: whatever a file holds, a Lua error here cannot end the
  // process.
  Ruleset rules;
  std::optional<ScriptError> layer_error;
  KindsReader kinds(L);
  auto read_layers = [&] {
    for (auto it = layers.rbegin(); it != layers.rend() && !layer_error; ++it) {
      lua_rawgeti(L, LUA_REGISTRYINDEX, it->table_ref);
      layer_error = apply_layer(L, *it, it == layers.rbegin(), rules, *hooks);
      if (!layer_error) {
        layer_error = kinds.add_layer({it->src.file, it->src.text, it->id, it->source});
      }
      lua_pop(L, 1);
    }
    if (!layer_error) layer_error = kinds.finish(rules, *hooks);
  };
  if (auto err = sandbox->protect(read_layers)) return fail(*err);
  if (layer_error) return fail(*layer_error);
  const Layer& first = layers.front();
  rules.id = first.id;
  rules.name = first.name;
  rules.source = first.source;
  rules.parent = first.parent;
  if (std::string why = check_ruleset(rules); !why.empty()) {
    return fail(load_error(first, 0, why));
  }
  if (hooks->any()) rules.hooks = hooks;
  sandbox->freeze_globals();
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
  return
      [dir, shown_dir](const std::string& id, std::string& error) -> std::optional<VariantSource> {
        if (id.empty() ||
            id.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_") != std::string::npos) {
          error = "a variant id is lower-case letters, digits and _";
          return std::nullopt;
        }
        std::optional<VariantSource> src = read_variant_file(dir + "/" + id + ".lua", error);
        if (!src) {
          error = "no variant '" + id + "' in " + shown_dir + "/";
          return std::nullopt;
        }
        src->id = id;
        src->file = shown_dir + "/" + id + ".lua";
        return src;
      };
}

LoadedVariant load_variant_spec(const std::string& spec, const std::string& dir,
                                const SandboxLimits& limits, const std::string& shown_dir) {
  const VariantResolver resolve = folder_resolver(dir, shown_dir);
  std::string why;
  const bool is_path = spec.find('/') != std::string::npos ||
                       (spec.size() > 4 && spec.compare(spec.size() - 4, 4, ".lua") == 0);
  std::optional<VariantSource> top = is_path ? read_variant_file(spec, why) : resolve(spec, why);
  if (!top) return fail(ScriptError{ScriptError::Kind::Load, spec, 0, why});
  return load_variant(*top, resolve, limits);
}

}  // namespace zetema::scripting
