/* muster-cli.h: subcommands of muster-cli, one file each */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct {
  const char *name;
  const char *summary;   /* one line for muster-cli --help (translated with _()) */
  int (*run) (int argc, char **argv); /* argv[0] is the subcommand name; returns the exit status */
} MuCliCommand;

/* Prints "muster-cli: MESSAGE" to stderr. */
void mu_cli_error (const char *format, ...) G_GNUC_PRINTF (1, 2);

G_END_DECLS
