# The window layout is kept between runs: run 1 saves imgui.ini (whole, no
# temporary file left), the test moves the Table panel in it (as a user who
# arranged the panels would: settings.ini says so), run 2 loads it and saves
# it back with the panel where the file put it. Run 3 starts from a broken
# layout (every panel piled tiny in a corner, under the menu bar): it is
# detected, not loaded, and the panels are tiled and fit the window.
#   cmake -DSTUDIO=... -DSCRIPTS=... -DWORK=... -DVARIANTS=... -P layout_kept.cmake
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK}/config)
set(ini ${WORK}/config/imgui.ini)
function(run_studio script)
  execute_process(
    COMMAND xvfb-run -a -s "-screen 0 1600x1000x24" ${STUDIO} --script ${SCRIPTS}/${script}
            --keep-layout --config ${WORK}/config --variants-dir ${VARIANTS} --open ""
    RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  message("${out}${err}")
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "zetema-studio exited with ${status} running ${script}")
  endif()
endfunction()

run_studio(layout_first.zs)
if(NOT EXISTS ${ini})
  message(FATAL_ERROR "no imgui.ini saved in ${WORK}/config")
endif()
file(GLOB leftovers ${WORK}/config/*.tmp.*)
if(leftovers)
  message(FATAL_ERROR "temporary files left behind: ${leftovers}")
endif()
file(READ ${ini} first)
if(NOT first MATCHES "\\[Window\\]\\[Table\\]\nPos=[0-9]+,[0-9]+\n")
  message(FATAL_ERROR "imgui.ini has no Table window:\n${first}")
endif()
string(REGEX REPLACE "(\\[Window\\]\\[Table\\]\n)Pos=[0-9]+,[0-9]+" "\\1Pos=333,111" moved "${first}")
file(WRITE ${ini} "${moved}")
file(APPEND ${WORK}/config/settings.ini "layout_arranged=1\n")

run_studio(layout_again.zs)
file(READ ${ini} again)
if(NOT again MATCHES "\\[Window\\]\\[Table\\]\nPos=333,111\n")
  message(FATAL_ERROR "the Table panel did not keep the place loaded from imgui.ini:\n${again}")
endif()
message("layout kept: Table at 333,111 after a restart")

file(WRITE ${ini} "[Window][Table]\nPos=0,0\nSize=30,12\nCollapsed=0\n\n[Window][Timeline]\nPos=0,0\nSize=30,12\nCollapsed=0\n")
run_studio(layout_broken.zs)
file(READ ${ini} repaired)
if(repaired MATCHES "\\[Window\\]\\[Table\\]\nPos=0,0\nSize=30,12")
  message(FATAL_ERROR "the broken layout was saved back:\n${repaired}")
endif()
message("a broken layout was detected and replaced by the tiled one")
