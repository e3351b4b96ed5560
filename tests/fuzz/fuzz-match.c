/* fuzz-match.c: libFuzzer harness for saved matches
 *
 * Any input is loaded as a saved match or refused with an error, never a
 * crash. A match that loads keeps its invariants, saves, and the saved file
 * loads again to the same state and saves to the same bytes: a match the
 * program saved always reopens.
 *
 * Besides libFuzzer's own, a mutator of its own puts DOCTYPEs, entity
 * declarations (internal, nested, external, parameter) and entity references
 * into the input, before the root element or anywhere: a saved match must
 * refuse them all at once, never expand or load one.
 */
#define G_LOG_DOMAIN "muster-fuzz"
#define _GNU_SOURCE   /* memmem */

#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "mu-match.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);
size_t LLVMFuzzerMutate (uint8_t *data, size_t size, size_t max_size);
size_t LLVMFuzzerCustomMutator (uint8_t *data, size_t size, size_t max_size, unsigned int seed);
int LLVMFuzzerInitialize (int *argc, char ***argv);

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_FLAG_FATAL);
  g_log_set_handler (NULL, G_LOG_LEVEL_WARNING | G_LOG_LEVEL_MESSAGE | G_LOG_LEVEL_INFO,
                     g_log_default_handler, NULL);
  return 0;
}

static const char *const doctypes[] = {
  "<!DOCTYPE match [<!ENTITY a \"end-phase\">]>\n",
  "<!DOCTYPE match [<!ENTITY a \"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;\">"
  "<!ENTITY c \"&b;&b;&b;&b;&b;&b;&b;&b;\"><!ENTITY d \"&c;&c;&c;&c;&c;&c;&c;&c;\">]>\n",
  "<!DOCTYPE match [<!ENTITY e SYSTEM \"/etc/hostname\">]>\n",
  "<!DOCTYPE match SYSTEM \"/etc/passwd\">\n",
  "<!DOCTYPE match [<!ENTITY % p \"<!ENTITY q 'end-phase'>\"> %p;]>\n",
  "<!DOCTYPE match PUBLIC \"-//x//y\" \"http://localhost/m.dtd\">\n",
};
static const char *const references[] = {
  "&a;", "&b;", "&d;", "&e;", "&q;", "&#0;", "&#x10FFFF;", "&lt;", "&amp;amp;", "<command/>",
};

/* Puts PIECE into DATA at AT; 0 when it does not fit. */
static size_t
insert (uint8_t    *data,
        size_t      size,
        size_t      max_size,
        size_t      at,
        const char *piece)
{
  size_t n = strlen (piece);

  if (size + n > max_size || at > size)
    return 0;
  memmove (data + at + n, data + at, size - at);
  memcpy (data + at, piece, n);
  return size + n;
}

size_t
LLVMFuzzerCustomMutator (uint8_t      *data,
                         size_t        size,
                         size_t        max_size,
                         unsigned int  seed)
{
  GRand *rand = g_rand_new_with_seed (seed);
  size_t result = 0;

  switch (g_rand_int_range (rand, 0, 4))
    {
    case 0:
      {
        /* a DOCTYPE where it belongs: before the root element */
        const uint8_t *root = memmem (data, size, "<match", 6);

        result = insert (data, size, max_size, root ? (size_t) (root - data) : 0,
                         doctypes[g_rand_int_range (rand, 0, G_N_ELEMENTS (doctypes))]);
        break;
      }
    case 1:
      {
        /* a reference, into a command when there is one */
        const uint8_t *command = memmem (data, size, "<command>", 9);
        size_t at = command ? (size_t) (command - data) + 9
                            : (size_t) g_rand_int_range (rand, 0, (gint32) MIN (size + 1, G_MAXINT32));

        result = insert (data, size, max_size, at,
                         references[g_rand_int_range (rand, 0, G_N_ELEMENTS (references))]);
        break;
      }
    default:
      break;
    }
  g_rand_free (rand);
  return result != 0 ? result : LLVMFuzzerMutate (data, size, max_size);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MuMatch) m = NULL;
  g_autoptr(MuMatch) again = NULL;
  g_autofree char *out = NULL, *out2 = NULL, *state = NULL, *state2 = NULL;
  gsize len = 0, len2 = 0;

  m = mu_match_load_data ((const char *) data, size, "fuzz.match", &error);
  if (m == NULL)
    {
      if (error == NULL || !g_utf8_validate (error->message, -1, NULL))
        abort ();      /* refused without a readable reason */
      return 0;
    }
  if (!mu_match_check_invariants (m, NULL))
    abort ();
  out = mu_match_save_to_data (m, &len);
  again = mu_match_load_data (out, len, "fuzz-saved.match", &error);
  if (again == NULL)
    {
      fprintf (stderr, "saved match does not reload: %s\n", error->message);
      abort ();        /* the saved match is lost */
    }
  state = mu_match_format_state (m);
  state2 = mu_match_format_state (again);
  if (strcmp (state, state2) != 0)
    abort ();          /* reopens to another state */
  out2 = mu_match_save_to_data (again, &len2);
  if (len != len2 || memcmp (out, out2, len) != 0)
    abort ();          /* the round trip is not byte-stable */
  return 0;
}
