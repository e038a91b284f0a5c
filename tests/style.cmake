# Style checks run by ctest: clang-format on every C++ file of the project,
# luacheck on the shipped variants and the cookbook (variants/examples).
#   cmake -DSOURCE_DIR=... -DCLANG_FORMAT=... -DLUACHECK=... -P style.cmake
file(GLOB_RECURSE sources
     ${SOURCE_DIR}/engine/*.cpp ${SOURCE_DIR}/engine/*.h
     ${SOURCE_DIR}/scripting/*.cpp ${SOURCE_DIR}/scripting/*.h
     ${SOURCE_DIR}/replays/*.cpp ${SOURCE_DIR}/replays/*.h
     ${SOURCE_DIR}/studio/*.cpp ${SOURCE_DIR}/studio/*.h
     ${SOURCE_DIR}/tests/*.cpp ${SOURCE_DIR}/tests/*.h)
execute_process(COMMAND ${CLANG_FORMAT} --dry-run --Werror ${sources} RESULT_VARIABLE fmt ERROR_VARIABLE fmt_out)
if(NOT fmt EQUAL 0)
  message(FATAL_ERROR "clang-format: these files need formatting (run clang-format -i):\n${fmt_out}")
endif()
file(GLOB variants ${SOURCE_DIR}/variants/*.lua ${SOURCE_DIR}/variants/examples/*.lua)
execute_process(COMMAND ${LUACHECK} --std lua54 --no-color ${variants} RESULT_VARIABLE lua OUTPUT_VARIABLE lua_out)
if(NOT lua EQUAL 0)
  message(FATAL_ERROR "luacheck:\n${lua_out}")
endif()
