/* mu-error.h: the engine's error domain */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define MU_ERROR (mu_error_quark ())

typedef enum {
  MU_ERROR_FAILED,
  MU_ERROR_PARSE,      /* not well-formed XML, unreadable file */
  MU_ERROR_SCHEMA,     /* does not match the RelaxNG schema */
  MU_ERROR_INVALID,    /* semantic check failed */
  MU_ERROR_ILLEGAL,    /* a command the rules do not allow */
  MU_ERROR_IO,
} MuErrorCode;

GQuark mu_error_quark (void);

/* The rule id at the end of a refusal "REASON (RULE-ID)" (newly
 * allocated), or NULL when the message names none. */
char  *mu_refusal_rule (const char *message);

G_END_DECLS
