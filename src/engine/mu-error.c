#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "mu-error.h"

G_DEFINE_QUARK (mu-error-quark, mu_error)
