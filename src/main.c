/* prismc: the command line.
 *
 *   prismc c [options] prog.dsl          compile to an executable (C backend)
 *   prismc c --library prog.dsl          compile to prog.c, prog.h, prog.json
 *   prismc opencl [options] prog.dsl     the same with the OpenCL backend
 *   prismc check prog.dsl                parse and type check only
 *   prismc dump --after STAGE prog.dsl   print the program after a stage
 *
 * This file only parses arguments; driver.c runs the pipeline. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "driver.h"

static void usage(FILE *out) {
  fprintf(out,
          "Usage: prismc COMMAND [OPTIONS] FILE.dsl\n"
          "\n"
          "Commands:\n"
          "  c          compile to a sequential C program (an executable, or --library)\n"
          "  opencl     compile to OpenCL kernels with a C host\n"
          "  check      parse and type check only\n"
          "  dump       print the program after a stage (--after STAGE)\n"
          "\n"
          "Options:\n"
          "  -o PATH          name of the executable, or base name of the library files\n"
          "  --library        write PATH.c, PATH.h and PATH.json instead of an executable\n"
          "  --prefix NAME    prefix of the generated C API (default: prism)\n"
          "  -I DIR           search DIR for imported files\n"
          "  --after STAGE    with dump: one of parse, typecheck, internalise, simplify,\n"
          "                   fusion, lower, emit\n"
          "  --structure      with dump: print one line 'KIND COUNT' per kind of construct\n"
          "  --keep-c         keep the generated C file next to the executable\n"
          "  -v, --verbose    show the C compiler command\n"
          "  -h, --help       show this help\n"
          "  --version        show the version\n"
          "\n"
          "The environment variables CC and CFLAGS choose the C compiler and its flags\n"
          "(default: cc, -O3 -std=c99). PRISM_PATH adds directories to search for imports.\n");
}

static int bad_usage(const char *fmt, const char *arg) {
  fprintf(stderr, "prismc: error: ");
  fprintf(stderr, fmt, arg);
  fprintf(stderr, "\nTry 'prismc --help'.\n");
  return 2;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    usage(stderr);
    return 2;
  }
  const char *command = argv[1];
  if (strcmp(command, "-h") == 0 || strcmp(command, "--help") == 0) {
    usage(stdout);
    return 0;
  }
  if (strcmp(command, "--version") == 0) {
    printf("prismc %s\n", PACKAGE_VERSION);
    return 0;
  }
  struct compile_options opts = {0};
  opts.prefix = "prism";
  opts.catch_crashes = true;
  if (strcmp(command, "c") == 0) {
    opts.backend = BACKEND_C;
  } else if (strcmp(command, "opencl") == 0) {
    opts.backend = BACKEND_OPENCL;
  } else if (strcmp(command, "check") == 0) {
    opts.backend = BACKEND_NONE;
  } else if (strcmp(command, "dump") == 0) {
    opts.backend = BACKEND_NONE;
    opts.dump = true;
    opts.dump_after = STAGE_FUSION;
  } else {
    return bad_usage("unknown command '%s'", command);
  }
  const char **includes = calloc((size_t)argc, sizeof *includes);
  if (includes == NULL) {
    fprintf(stderr, "prismc: error: out of memory\n");
    return 2;
  }
  opts.include_dirs = includes;
  for (int i = 2; i < argc; i++) {
    const char *a = argv[i];
    const char *next = i + 1 < argc ? argv[i + 1] : NULL;
    if (strcmp(a, "-o") == 0 || strcmp(a, "--prefix") == 0 || strcmp(a, "-I") == 0 ||
        strcmp(a, "--after") == 0) {
      if (next == NULL) {
        free(includes);
        return bad_usage("option '%s' needs an argument", a);
      }
      i++;
      if (strcmp(a, "-o") == 0) {
        opts.output = next;
      } else if (strcmp(a, "--prefix") == 0) {
        opts.prefix = next;
      } else if (strcmp(a, "-I") == 0) {
        includes[opts.include_dir_count++] = next;
      } else if (!stage_from_name(next, &opts.dump_after)) {
        free(includes);
        return bad_usage("unknown stage '%s'", next);
      }
    } else if (strcmp(a, "--library") == 0) {
      opts.library = true;
    } else if (strcmp(a, "--structure") == 0) {
      opts.structure = true;
    } else if (strcmp(a, "--keep-c") == 0) {
      opts.keep_c = true;
    } else if (strcmp(a, "-v") == 0 || strcmp(a, "--verbose") == 0) {
      opts.verbose = true;
    } else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
      usage(stdout);
      free(includes);
      return 0;
    } else if (a[0] == '-' && a[1] != '\0') {
      free(includes);
      return bad_usage("unknown option '%s'", a);
    } else if (opts.input != NULL) {
      free(includes);
      return bad_usage("more than one input file ('%s')", a);
    } else {
      opts.input = a;
    }
  }
  if (opts.input == NULL) {
    free(includes);
    return bad_usage("%s", "no input file");
  }
  const char *problem = driver_prefix_problem(opts.prefix);
  if (problem != NULL) {
    free(includes);
    fprintf(stderr, "prismc: error: the prefix '%s' %s\nTry 'prismc --help'.\n", opts.prefix,
            problem);
    return 2;
  }
  int status = compile(&opts);
  free(includes);
  return status;
}
