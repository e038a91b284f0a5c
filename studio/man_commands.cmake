# A program's man page, PAGE (gzipped): help2man's from its --help and
# --version, plus a COMMANDS section with each command's own --help, found by
# walking the "Subcommands:" lists of the program's help (zetema, then
# zetema replay, ...), so a new command or option reaches the page with no
# list kept here. A program without commands gets help2man's page alone.
#   cmake -DHELP2MAN=help2man -DPROGRAM=path/to/zetema -DNAME=zetema
#         "-DSUMMARY=one line" -DPAGE=zetema.1 -P man_commands.cmake

# The help of `PROGRAM ARGS... --help`, failing the build if it fails.
function(command_help out)
  execute_process(COMMAND ${PROGRAM} ${ARGN} --help RESULT_VARIABLE status OUTPUT_VARIABLE text
                  ERROR_VARIABLE err)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "${NAME} ${ARGN} --help: exit status ${status}\n${err}")
  endif()
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

# The command names listed under "Subcommands:" in `help`.
function(commands_in help out)
  set(names)
  # Only the names are read: ';' and brackets, which a CMake list would take
  # for separators, become spaces.
  string(REGEX REPLACE "[][;]" " " lines "${help}")
  string(REPLACE "\n" ";" lines "${lines}")
  set(in_list FALSE)
  foreach(line IN LISTS lines)
    if(line STREQUAL "Subcommands:")
      set(in_list TRUE)
    elseif(in_list AND line MATCHES "^  ([a-z][a-z0-9-]*)( |$)")
      list(APPEND names "${CMAKE_MATCH_1}")
    elseif(in_list AND NOT line MATCHES "^   ")
      set(in_list FALSE)
    endif()
  endforeach()
  set(${out} "${names}" PARENT_SCOPE)
endfunction()

# The help as roff, shown as it is printed (no filling).
function(as_roff text out)
  # The program's path in this build (CLI11 names it so) becomes its name.
  string(REPLACE "${PROGRAM}" "${NAME}" text "${text}")
  string(REPLACE "\\" "\\e" text "${text}")
  string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" text "${text}")
  set(${out} ".nf\n${text}.fi\n" PARENT_SCOPE)
endfunction()

set(page "")
# In the order of the help, each command's own commands after it: "play",
# "replay", "replay verify", ..., "import", ...
command_help(top)
commands_in("${top}" queue)
while(queue)
  list(POP_FRONT queue path)
  string(REPLACE " " ";" args "${path}")
  command_help(help ${args})
  as_roff("${help}" roff)
  string(APPEND page ".SS \"${NAME} ${path}\"\n${roff}")
  commands_in("${help}" subs)
  list(TRANSFORM subs PREPEND "${path} ")
  list(PREPEND queue ${subs})
endwhile()
set(include)
if(page)
  file(WRITE "${PAGE}.commands"
       "[COMMANDS]\nEach command's options, as its --help prints them.\n${page}")
  set(include --include "${PAGE}.commands")
endif()
execute_process(COMMAND ${HELP2MAN} --no-info --no-discard-stderr --section 1 --name "${SUMMARY}"
                        ${include} --output "${PAGE}" "${PROGRAM}"
                COMMAND_ERROR_IS_FATAL ANY)
execute_process(COMMAND gzip -9 -n -f "${PAGE}" COMMAND_ERROR_IS_FATAL ANY)
