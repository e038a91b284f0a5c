// A minimal JSON writer for the CLI's --json output: values are appended in
// order, commas and escaping handled here.
#pragma once

#include <string>
#include <string_view>

namespace zetema::cli {

class JsonWriter {
 public:
  JsonWriter& begin_object();
  JsonWriter& end_object();
  JsonWriter& begin_array();
  JsonWriter& end_array();
  JsonWriter& key(std::string_view k);
  JsonWriter& value(std::string_view s);
  JsonWriter& value(const char* s) { return value(std::string_view(s)); }
  JsonWriter& value(long long n);
  JsonWriter& value(unsigned long long n);  // seeds: all 64 bits
  JsonWriter& value(int n) { return value(static_cast<long long>(n)); }
  JsonWriter& value(bool b);
  JsonWriter& value(double d);
  const std::string& str() const { return out_; }

 private:
  void comma();
  std::string out_;
  bool need_comma_ = false;
};

}  // namespace zetema::cli
