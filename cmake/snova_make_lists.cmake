# Lists the make build keeps as data (`NAME := words` on one line), read here so
# that CMake and make compile from one list: snova_make_list(<file> <NAME>) sets
# <NAME> to the words of that line of <file> (a path below the source tree).
function(snova_make_list file name)
  file(STRINGS "${PROJECT_SOURCE_DIR}/${file}" lines REGEX "^${name} :=")
  list(LENGTH lines found)
  if(NOT found EQUAL 1)
    message(FATAL_ERROR "${file}: expected one line `${name} := ...`, found ${found}")
  endif()
  string(REGEX REPLACE "^${name} := *" "" words "${lines}")
  separate_arguments(words UNIX_COMMAND "${words}")
  set(${name} ${words} PARENT_SCOPE)
endfunction()
