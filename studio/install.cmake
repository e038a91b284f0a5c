# Installing: `cmake --install BUILD --prefix P` puts the programs in P/bin,
# their data in P/share/zetema (where they look for it, beside themselves:
# studio/paths/data_paths.h), a man page for each, and the Debian package's
# copyright and changelog in P/share/doc/zetema. `cpack -G DEB` in the build
# folder makes the .deb (docs/install.md).
include(GNUInstallDirs)
set(ZETEMA_DATA_DEST "${CMAKE_INSTALL_DATADIR}/zetema")

install(TARGETS zetema RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
if(TARGET zetema-studio)
  install(TARGETS zetema-studio RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()
install(DIRECTORY "${PROJECT_SOURCE_DIR}/variants/" DESTINATION "${ZETEMA_DATA_DEST}/variants"
        FILES_MATCHING PATTERN "*.lua")
install(DIRECTORY "${PROJECT_SOURCE_DIR}/replays/samples/" DESTINATION "${ZETEMA_DATA_DEST}/samples"
        FILES_MATCHING PATTERN "*.json" PATTERN "*.zgn")
install(DIRECTORY "${PROJECT_SOURCE_DIR}/docs/" DESTINATION "${ZETEMA_DATA_DEST}/docs"
        FILES_MATCHING PATTERN "*.md" PATTERN "*.json" PATTERN "*.png")
# The Slurm job-array scripts (docs/cluster.md); the submit script finds
# zetema in the bin/ of the same prefix.
install(PROGRAMS "${PROJECT_SOURCE_DIR}/tools/slurm/zetema-slurm-submit"
                 "${PROJECT_SOURCE_DIR}/tools/slurm/zetema-shard.sbatch"
                 "${PROJECT_SOURCE_DIR}/tools/slurm/zetema-merge.sbatch"
        DESTINATION "${ZETEMA_DATA_DEST}/slurm")

# Man pages, written by help2man from each program's --help and --version,
# with a COMMANDS section holding each command's own --help: all in
# man_commands.cmake.
find_program(HELP2MAN help2man)
if(HELP2MAN)
  set(man_pages)
  foreach(pair "zetema;play, check and compare rule variants of the card game Zetema"
               "zetema-studio;desktop studio for the card game Zetema and its rule variants")
    list(GET pair 0 program)
    list(GET pair 1 summary)
    if(NOT TARGET ${program})
      continue()
    endif()
    set(page "${CMAKE_CURRENT_BINARY_DIR}/${program}.1.gz")
    add_custom_command(OUTPUT "${page}"
      COMMAND ${CMAKE_COMMAND} "-DHELP2MAN=${HELP2MAN}" "-DPROGRAM=$<TARGET_FILE:${program}>"
              -DNAME=${program} "-DSUMMARY=${summary}" "-DPAGE=${CMAKE_CURRENT_BINARY_DIR}/${program}.1"
              -P "${CMAKE_CURRENT_SOURCE_DIR}/man_commands.cmake"
      DEPENDS ${program} "${CMAKE_CURRENT_SOURCE_DIR}/man_commands.cmake"
      COMMENT "Writing the man page of ${program}")
    list(APPEND man_pages "${page}")
  endforeach()
  add_custom_target(man_pages ALL DEPENDS ${man_pages})
  install(FILES ${man_pages} DESTINATION "${CMAKE_INSTALL_MANDIR}/man1")
else()
  message(WARNING "help2man missing: no man pages are made or installed")
endif()

# What Debian asks of every package: its copyright and (compressed) changelog.
set(changelog_gz "${CMAKE_CURRENT_BINARY_DIR}/changelog.gz")
add_custom_command(OUTPUT "${changelog_gz}"
  COMMAND gzip -9 -n -c "${CMAKE_CURRENT_SOURCE_DIR}/packaging/changelog" > "${changelog_gz}"
  DEPENDS "${CMAKE_CURRENT_SOURCE_DIR}/packaging/changelog")
add_custom_target(package_changelog ALL DEPENDS "${changelog_gz}")
install(FILES "${CMAKE_CURRENT_SOURCE_DIR}/packaging/copyright" "${changelog_gz}"
        DESTINATION "${CMAKE_INSTALL_DATADIR}/doc/zetema")

# The Debian package (cpack -G DEB): dependencies from the binaries' shared
# libraries (dpkg-shlibdeps), plus the font the studio looks for.
set(CPACK_PACKAGE_NAME zetema)
set(CPACK_PACKAGE_VENDOR "Zetema Studio team")
set(CPACK_PACKAGE_CONTACT "Zetema Studio team <zetema@example.org>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "rule variants of the Victorian card game Zetema")
set(CPACK_PACKAGE_DESCRIPTION
    "Author house rules of the card game Zetema (c. 1871) in Lua, step through
recorded games in a desktop studio and see why every score happened, and
compare the historical rule sets by re-running games under another.")
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
# (Section games is for packages with programs in /usr/games; lintian.)
set(CPACK_DEBIAN_PACKAGE_SECTION misc)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "fonts-dejavu-core")
set(CPACK_STRIP_FILES ON)
set(CPACK_GENERATOR DEB)
include(CPack)
