/* mu-scenario-check.c: semantic checks on a scenario model
 *
 * What the schema cannot say: unique ids, references that resolve, values in
 * range, things on the board. Used after loading and live by the editor.
 */
#define G_LOG_DOMAIN "muster-check"

#include "config.h"

#include "mu-scenario-xml.h"
#include "mu-table-geom.h"
#include "mu-table-stand.h"

#include "mu-ruleset.h"
#include "mu-scenario-check-private.h"
#include "mu-table-layout.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

/* Unplaced counters are named one by one up to this many; the rest are
 * counted in one warning, so that a big import cannot flood the list. */
#define MAX_UNPLACED_LISTED 20

static void
index_counters (MuChecker *ck)
{
  ck->counter_by_id = g_hash_table_new (g_str_hash, g_str_equal);
  ck->sides_with_commands = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; i < ck->s->counters->len; i++)
    {
      MuCounter *c = g_ptr_array_index (ck->s->counters, i);

      if (c->id != NULL && !g_hash_table_contains (ck->counter_by_id, c->id))
        g_hash_table_insert (ck->counter_by_id, c->id, c);
      if (c->kind == MU_COUNTER_COMMAND && c->side != NULL)
        g_hash_table_add (ck->sides_with_commands, c->side);
    }
}

MuProblem * G_GNUC_PRINTF (4, 5)
mu_checker_add (MuChecker         *ck,
                MuProblemSeverity  severity,
                int                line,
                const char        *format,
                ...)
{
  va_list args;
  g_autofree char *msg = NULL;
  MuProblem *p;

  va_start (args, format);
  msg = g_strdup_vprintf (format, args);
  va_end (args);
  p = mu_problem_new (severity, ck->s->filename, line, "%s", msg);
  g_ptr_array_add (ck->problems, p);
  return p;
}

void
mu_checker_set_object (MuProblem  *p,
                       const char *id)
{
  g_free (p->object_id);
  p->object_id = g_strdup (id);
}

const MuHexGrid *
mu_checker_grid (MuChecker *ck)
{
  return ck->s->board == MU_BOARD_HEX && ck->s->hex_map ? &ck->s->hex_map->grid : NULL;
}

char *
mu_checker_hex_label (MuChecker *ck,
                      MuHex      hex)
{
  const MuHexGrid *g = mu_checker_grid (ck);
  MuHexGrid fallback = { 99, 99, MU_HEX_FLAT_TOP, MU_HEX_OFFSET_ODD };

  return mu_hex_to_string (g ? g : &fallback, hex);
}

/* Ids and references as the file format allows them (mu_id_is_valid). */
static gboolean
id_syntax_ok (const char *id)
{
  return mu_id_is_valid (id);
}

/* Text that can be written to XML: UTF-8 without control characters other
 * than tab and line breaks. */
static gboolean
text_ok (const char *text)
{
  if (text == NULL)
    return TRUE;
  if (!g_utf8_validate (text, -1, NULL))
    return FALSE;
  for (const char *c = text; *c; c = g_utf8_next_char (c))
    {
      gunichar u = g_utf8_get_char (c);

      if ((u < 0x20 && u != '\t' && u != '\n' && u != '\r') || u == 0xfffe || u == 0xffff)
        return FALSE;
    }
  return TRUE;
}

void
mu_checker_text (MuChecker  *ck,
                 const char *what,
                 const char *text,
                 int         line)
{
  if (!text_ok (text))
    ERR (ck, line, _("%s contains characters that cannot be saved"), what);
}

static void
check_ref_syntax (MuChecker  *ck,
                  const char *what,
                  const char *ref,
                  int         line)
{
  if (ref != NULL && !id_syntax_ok (ref))
    {
      g_autofree char *shown = mu_problem_quote (ref);

      ERR (ck, line, _("%s: “%s” is not a valid id (a letter or digit, then letters, digits, “-”, “_”, “.”; at most %d characters)"),
           what, shown, MU_ID_MAX_LENGTH);
    }
}

void
mu_checker_id (MuChecker  *ck,
               const char *kind,
               const char *id,
               int         line,
               gboolean    required)
{
  gpointer first;

  if (id == NULL || *id == '\0')
    {
      if (required)
        ERR (ck, line, _("%s has no id"), kind);
      return;
    }
  if (!id_syntax_ok (id))
    {
      g_autofree char *shown = mu_problem_quote (id);

      ERR (ck, line, _("%s: “%s” is not a valid id (a letter or digit, then letters, digits, “-”, “_”, “.”; at most %d characters)"),
           kind, shown, MU_ID_MAX_LENGTH);
      return;
    }
  if (g_hash_table_lookup_extended (ck->ids, id, NULL, &first))
    {
      MuProblem *p = ERR (ck, line, _("duplicate id “%s” (first used on line %d)"), id,
                          GPOINTER_TO_INT (first));
      mu_checker_set_object (p, id);
      return;
    }
  g_hash_table_insert (ck->ids, (gpointer) id, GINT_TO_POINTER (line));
}

gboolean
mu_checker_side_ref (MuChecker  *ck,
                     const char *what,
                     const char *side,
                     const char *object_id,
                     int         line)
{
  MuProblem *p;

  if (side != NULL && mu_scenario_find_side (ck->s, side) != NULL)
    return TRUE;
  p = ERR (ck, line, _("%s refers to side “%s”, which is not defined"), what, side ? side : "");
  mu_checker_set_object (p, object_id);
  return FALSE;
}

/* Reports and returns FALSE when hex is not on the hex board. */
gboolean
mu_checker_on_board (MuChecker  *ck,
                     const char *what,
                     MuHex       hex,
                     const char *object_id,
                     int         line)
{
  const MuHexGrid *g = mu_checker_grid (ck);
  g_autofree char *label = NULL;
  MuProblem *p;

  if (g == NULL)
    return FALSE;
  if (mu_hex_grid_contains (g, hex))
    return TRUE;
  label = mu_checker_hex_label (ck, hex);
  p = ERR (ck, line, _("%s is at hex %s, which is off the %d × %d board"),
           what, label, g->cols, g->rows);
  mu_checker_set_object (p, object_id);
  p->hex = hex;
  return FALSE;
}

static gboolean
point_on_table (MuChecker *ck,
                MuPoint    pt)
{
  const MuTableMap *t = ck->s->table;

  return t && pt.x >= 0 && pt.y >= 0 && pt.x <= t->width && pt.y <= t->height;
}

/* Order of battle ---------------------------------------------------------------------- */

static void
check_range (MuChecker       *ck,
             const MuCounter *c,
             const char      *what,
             int              value,
             int              min,
             int              max)
{
  if (value >= min && value <= max)
    return;
  if (max == G_MAXINT)
    mu_checker_set_object (ERR (ck, c->line, _("%s “%s”: %s %d is out of range (at least %d)"),
                                mu_counter_kind_to_string (c->kind), c->id, what, value, min), c->id);
  else
    mu_checker_set_object (ERR (ck, c->line, _("%s “%s”: %s %d is out of range (%d to %d)"),
                                mu_counter_kind_to_string (c->kind), c->id, what, value, min, max), c->id);
}

static void
check_counter (MuChecker       *ck,
               const MuCounter *c)
{
  const MuScenario *s = ck->s;
  const char *kind = mu_counter_kind_to_string (c->kind);
  g_autofree char *what = g_strdup_printf ("%s “%s”", kind, c->id ? c->id : "");
  const MuFieldInfo *strength_field = NULL;

  mu_checker_id (ck, kind, c->id, c->line, TRUE);
  mu_checker_side_ref (ck, what, c->side, c->id, c->line);
  mu_checker_text (ck, what, c->name, c->line);
  mu_checker_text (ck, what, c->note, c->line);
  check_ref_syntax (ck, what, c->parent, c->line);

  /* the values the ruleset declares, in its ranges */
  for (guint i = 0; ck->ruleset && i < ck->ruleset->n_fields; i++)
    {
      const MuFieldInfo *f = &ck->ruleset->fields[i];

      if (f->type == MU_FIELD_INT && f->offset >= 0 && (f->of & MU_FIELD_OF (c->kind)))
        {
          check_range (ck, c, f->id, G_STRUCT_MEMBER (int, c, f->offset), f->min, f->max);
          if (f->offset == G_STRUCT_OFFSET (MuCounter, strength))
            strength_field = f;
        }
      else if (mu_field_is_attribute_number (f) && mu_field_applies (f, c->kind) &&
               !f->checked_by_ruleset)
        check_range (ck, c, f->id, mu_counter_get_int (c, f->id), f->min, f->max);
    }

  /* the arm and formation words are the ruleset's (the format's when it
   * declares none) */
  if (c->kind == MU_COUNTER_UNIT && mu_counter_arm (ck->ruleset, c) == NULL)
    {
      g_autofree char *allowed = mu_ruleset_describe_arms (ck->ruleset);

      mu_checker_set_object (ERR (ck, c->line, _("%s: arm “%s” is not allowed (%s)"), what,
                                  mu_counter_arm_word (c) ? mu_counter_arm_word (c) : "", allowed), c->id);
    }
  if (c->formation_word && !mu_ruleset_formation_word_ok (ck->ruleset, c->formation_word))
    {
      g_autofree char *allowed = mu_ruleset_describe_formations (ck->ruleset);

      mu_checker_set_object (ERR (ck, c->line, _("%s: formation “%s” is not allowed (%s)"), what,
                                  c->formation_word, allowed), c->id);
    }

  if (c->parent)
    {
      const MuCounter *parent = g_hash_table_lookup (ck->counter_by_id, c->parent);

      if (parent == NULL)
        mu_checker_set_object (ERR (ck, c->line, _("%s: parent “%s” is not a counter of this scenario"),
                                    what, c->parent), c->id);
      else if (parent == c)
        mu_checker_set_object (ERR (ck, c->line, _("%s is its own parent"), what), c->id);
      else
        {
          /* BAA-AMB-54: in an army without command counters a unit's parent
           * is its control counter. */
          MuCounterKind want = c->kind == MU_COUNTER_CONTROL ? MU_COUNTER_CONTROL
            : c->kind == MU_COUNTER_UNIT && c->side != NULL &&
              g_hash_table_contains (ck->sides_with_commands, c->side)
            ? MU_COUNTER_COMMAND : MU_COUNTER_CONTROL;

          if (c->kind == MU_COUNTER_CONTROL)
            mu_checker_set_object (ERR (ck, c->line, _("%s: a control counter has no parent"), what), c->id);
          else if (parent->kind != want)
            mu_checker_set_object (ERR (ck, c->line, _("%s: parent “%s” is a %s counter, not a %s counter"),
                                        what, c->parent, mu_counter_kind_to_string (parent->kind),
                                        mu_counter_kind_to_string (want)), c->id);
          else if (g_strcmp0 (parent->side, c->side) != 0)
            mu_checker_set_object (ERR (ck, c->line, _("%s: parent “%s” is on another side"), what, c->parent),
                                   c->id);
          /* a unit's identity against its parent's division: the baa
           * rulesets' check_scenario (baa_common_check_divisions) */
        }
    }

  /* TAB-6, TAB-8: on a table a unit is laid out as one stand per point of
   * strength, and a unit holds at most MU_STANDS_MAX of them (said once: not
   * when the ruleset's own range for strength has refused the value) */
  if (s->board == MU_BOARD_TABLE && c->kind == MU_COUNTER_UNIT && c->strength > MU_STANDS_MAX &&
      (strength_field == NULL || c->strength <= strength_field->max))
    mu_checker_set_object (ERR (ck, c->line, _("%s: %d stands are more than a unit on a table can have (%d)"),
                                what, c->strength, MU_STANDS_MAX), c->id);

  switch (c->place.kind)
    {
    case MU_PLACE_HEX:
      if (s->board != MU_BOARD_HEX)
        mu_checker_set_object (ERR (ck, c->line, _("%s is placed on a hex but the board is a table"), what), c->id);
      else
        mu_checker_on_board (ck, what, c->place.hex, c->id, c->line);
      break;
    case MU_PLACE_TABLE:
      if (s->board != MU_BOARD_TABLE)
        mu_checker_set_object (ERR (ck, c->line, _("%s is placed by table position but the board is a hex map"),
                                    what), c->id);
      else if (!point_on_table (ck, c->place.pos))
        mu_checker_set_object (ERR (ck, c->line, _("%s is placed off the table"), what), c->id);
      else
        mu_checker_table_stands (ck, c, what);
      if (!isfinite (c->place.facing) || c->place.facing < 0 || c->place.facing >= 360)
        mu_checker_set_object (ERR (ck, c->line, _("%s: facing %g is out of range (0 to 359)"), what,
                                    c->place.facing), c->id);
      break;
    case MU_PLACE_RESERVE:
      {
        const MuReserve *r = c->place.reserve ? mu_scenario_find_reserve (s, c->place.reserve) : NULL;

        if (r == NULL)
          mu_checker_set_object (ERR (ck, c->line, _("%s: reserve “%s” is not defined"), what,
                                      c->place.reserve ? c->place.reserve : ""), c->id);
        else if (g_strcmp0 (r->side, c->side) != 0)
          mu_checker_set_object (ERR (ck, c->line, _("%s: reserve “%s” belongs to another side"), what,
                                      c->place.reserve), c->id);
      }
      break;
    case MU_PLACE_NONE:
    default:
      if (++ck->n_unplaced <= MAX_UNPLACED_LISTED)
        mu_checker_set_object (WARN (ck, c->line, _("%s is not placed (no hex, position or reserve)"), what),
                               c->id);
      break;
    }
}

/* Objectives, reserves, timeline -------------------------------------------------------- */

static void
check_objective (MuChecker         *ck,
                 const MuObjective *o)
{
  g_autofree char *what = g_strdup_printf (_("objective “%s”"), o->id ? o->id : "");

  mu_checker_id (ck, "objective", o->id, o->line, TRUE);
  mu_checker_text (ck, what, o->name, o->line);
  if (ck->s->board == MU_BOARD_HEX)
    mu_checker_on_board (ck, what, o->hex, o->id, o->line);
  else if (!point_on_table (ck, o->pos))
    mu_checker_set_object (ERR (ck, o->line, _("%s is off the table"), what), o->id);
  if (o->radius < 0)
    mu_checker_set_object (ERR (ck, o->line, _("%s: radius must not be negative"), what), o->id);
  if (o->owner)
    mu_checker_side_ref (ck, what, o->owner, o->id, o->line);
  if (o->value < 0 || o->value > 1000)
    mu_checker_set_object (ERR (ck, o->line, _("%s: value %d is out of range (0 to 1000)"), what, o->value), o->id);
}

static void
check_task (MuChecker             *ck,
            const MuTaskObjective *t)
{
  g_autofree char *what = g_strdup_printf (_("task objective “%s”"), t->id ? t->id : "");

  mu_checker_id (ck, "task", t->id, t->line, TRUE);
  mu_checker_text (ck, what, t->text, t->line);
  mu_checker_text (ck, what, t->condition, t->line);
  mu_checker_side_ref (ck, what, t->side, t->id, t->line);
  if (t->value < 0 || t->value > 1000)
    mu_checker_set_object (ERR (ck, t->line, _("%s: value %d is out of range (0 to 1000)"), what, t->value), t->id);
}

static void
check_reserve (MuChecker       *ck,
               const MuReserve *r)
{
  const MuScenario *s = ck->s;
  g_autofree char *what = g_strdup_printf (_("reserve “%s”"), r->id ? r->id : "");
  gboolean has_entry;
  int last = s->timeline.first_bound + s->timeline.bounds - 1;

  mu_checker_id (ck, "reserve", r->id, r->line, TRUE);
  mu_checker_text (ck, what, r->name, r->line);
  mu_checker_side_ref (ck, what, r->side, r->id, r->line);
  if (r->edge && strcmp (r->edge, "n") != 0 && strcmp (r->edge, "e") != 0 &&
      strcmp (r->edge, "s") != 0 && strcmp (r->edge, "w") != 0)
    mu_checker_set_object (ERR (ck, r->line, _("%s: “%s” is not a board edge (n, e, s, w)"), what, r->edge), r->id);
  if (s->board == MU_BOARD_HEX)
    {
      for (guint i = 0; i < r->entry->len; i++)
        mu_checker_on_board (ck, what, g_array_index (r->entry, MuHex, i), r->id, r->line);
      has_entry = r->entry->len > 0 || r->edge != NULL;
    }
  else
    {
      for (guint i = 0; i < r->entry_points->len; i++)
        if (!point_on_table (ck, g_array_index (r->entry_points, MuPoint, i)))
          {
            mu_checker_set_object (ERR (ck, r->line, _("%s: entry point %u is off the table"), what, i + 1), r->id);
            break;
          }
      has_entry = r->entry_points->len > 0 || r->edge != NULL;
    }
  if (!has_entry)
    mu_checker_set_object (ERR (ck, r->line, _("%s has no entry (give entry hexes, points or an edge)"), what),
                           r->id);
  if (r->bound < s->timeline.first_bound || r->bound > last)
    mu_checker_set_object (ERR (ck, r->line, _("%s: bound %d is outside the game (bounds %d to %d)"),
                                what, r->bound, s->timeline.first_bound, last), r->id);
  if (r->roll < 0 || r->roll > 6)
    mu_checker_set_object (ERR (ck, r->line, _("%s: roll %d is out of range (0 to 6)"), what, r->roll), r->id);
}

static void
check_timeline (MuChecker *ck)
{
  const MuTimeline *tl = &ck->s->timeline;

  if (tl->bounds < 1 || tl->bounds > 1000)
    ERR (ck, tl->line, _("timeline: %d bounds is out of range (1 to 1000)"), tl->bounds);
  if (tl->first_bound < 1 || tl->first_bound > 1000)
    ERR (ck, tl->line, _("timeline: first bound %d is out of range (1 to 1000)"), tl->first_bound);
  if (tl->minutes_per_bound < 1 || tl->minutes_per_bound > 24 * 60)
    ERR (ck, tl->line, _("timeline: %d minutes per bound is out of range (1 to 1440)"),
         tl->minutes_per_bound);
  if (tl->days < 1 || tl->days > 30)
    ERR (ck, tl->line, _("timeline: %d days is out of range (1 to 30)"), tl->days);
  if (tl->dawn_minutes >= tl->dusk_minutes)
    ERR (ck, tl->line, _("timeline: dawn must come before dusk"));
  if (tl->darkness_bound < 0)
    ERR (ck, tl->line, _("timeline: darkness bound %d must not be negative"), tl->darkness_bound);
  for (guint i = 0; tl->night_bounds && i < tl->night_bounds->len; i++)
    {
      int b = g_array_index (tl->night_bounds, int, i);

      if (b < tl->first_bound || b >= tl->first_bound + tl->bounds)
        {
          ERR (ck, tl->line, _("timeline: night bound %d is outside the game"), b);
          break;
        }
    }
}

char *
mu_rule_option_check (const MuRuleOptionInfo *info,
                      const MuRuleOption     *o)
{
  gint64 n;

  g_return_val_if_fail (info != NULL && o != NULL, NULL);
  switch (info->type)
    {
    case MU_OPTION_BOOLEAN:
      if (o->value)
        return g_strdup_printf (_("rule option “%s” is on or off: write enabled=\"true\" or "
                                  "enabled=\"false\", not value=\"%s\""), o->key, o->value);
      return NULL;
    case MU_OPTION_NUMBER:
      if (o->value == NULL)
        return g_strdup_printf (_("rule option “%s” takes a whole number from %d to %d: write "
                                  "value=\"N\", not enabled="), o->key, info->min, info->max);
      if (!g_ascii_string_to_signed (o->value, 10, info->min, info->max, &n, NULL))
        return g_strdup_printf (_("rule option “%s” is “%s”: it takes a whole number from %d to %d"),
                                o->key, o->value, info->min, info->max);
      return NULL;
    case MU_OPTION_CHOICE:
      {
        g_autofree char *words = NULL;

        for (guint i = 0; o->value && info->choices && info->choices[i]; i++)
          if (g_str_equal (info->choices[i], o->value))
            return NULL;
        words = info->choices ? g_strjoinv (", ", (char **) info->choices) : g_strdup ("");
        if (o->value == NULL)
          return g_strdup_printf (_("rule option “%s” takes one of: %s; write value=\"WORD\", not "
                                    "enabled="), o->key, words);
        return g_strdup_printf (_("rule option “%s” is “%s”: it takes one of: %s"), o->key, o->value,
                                words);
      }
    default:
      return NULL;
    }
}

/* An option the ruleset declares holds a value of its type. */
static void
check_option_value (MuChecker *ck, const MuRuleOption *o)
{
  const MuRuleOptionInfo *info = ck->ruleset ? mu_ruleset_find_option (ck->ruleset, o->key) : NULL;
  g_autofree char *why = info ? mu_rule_option_check (info, o) : NULL;

  if (why)
    ERR (ck, o->line, "%s", why);
}

void
mu_scenario_check (const MuScenario *scenario,
                   GPtrArray        *problems)
{
  MuChecker ck = { scenario, NULL, problems, NULL };
  g_autoptr(GHashTable) side_ids = NULL;
  g_autoptr(GHashTable) option_keys = NULL;

  g_return_if_fail (scenario != NULL);
  g_return_if_fail (problems != NULL);

  ck.ids = g_hash_table_new (g_str_hash, g_str_equal);
  side_ids = g_hash_table_new (g_str_hash, g_str_equal);
  option_keys = g_hash_table_new (g_str_hash, g_str_equal);

  mu_checker_text (&ck, _("the title"), scenario->title, scenario->line);
  mu_checker_text (&ck, _("the description"), scenario->description, scenario->line);
  mu_checker_text (&ck, _("the date"), scenario->date, scenario->line);
  mu_checker_text (&ck, _("the author"), scenario->author, scenario->line);
  check_ref_syntax (&ck, _("ruleset"), scenario->ruleset, scenario->line);
  if (scenario->title == NULL || strspn (scenario->title, " \t\r\n") == strlen (scenario->title))
    WARN (&ck, scenario->line, _("the scenario has no title"));

  ck.ruleset = mu_ruleset_find (scenario->ruleset);
  if (ck.ruleset == NULL)
    {
      g_autofree char *ids = mu_ruleset_list_ids ();

      ERR (&ck, scenario->line, _("unknown ruleset “%s” (%s)"),
           scenario->ruleset ? scenario->ruleset : "", ids);
    }
  else if (ck.ruleset->board != scenario->board)
    ERR (&ck, scenario->line, _("ruleset “%s” is played on %s, but the scenario has %s"),
         scenario->ruleset,
         ck.ruleset->board == MU_BOARD_HEX ? _("a hex board") : _("a table"),
         scenario->board == MU_BOARD_HEX ? _("a hex board") : _("a table"));
  else if (!mu_ruleset_can_play (ck.ruleset))
    WARN (&ck, scenario->line,
          _("matches of ruleset “%s” cannot be played yet: Muster describes its rules but does "
            "not play them; the scenario can be edited, checked and printed"),
          scenario->ruleset);

  if (scenario->board == MU_BOARD_HEX && scenario->hex_map)
    mu_checker_hex_map (&ck);
  else if (scenario->board == MU_BOARD_TABLE && scenario->table)
    mu_checker_table (&ck);
  else
    ERR (&ck, scenario->line, _("the scenario has no board"));

  for (guint i = 0; i < scenario->options->len; i++)
    {
      const MuRuleOption *o = g_ptr_array_index (scenario->options, i);

      if (o->key == NULL || *o->key == '\0')
        ERR (&ck, o->line, _("rule option without a key"));
      else if (!id_syntax_ok (o->key))
        check_ref_syntax (&ck, _("rule option"), o->key, o->line);
      else if (g_hash_table_contains (option_keys, o->key))
        ERR (&ck, o->line, _("rule option “%s” is given twice"), o->key);
      else
        {
          g_hash_table_add (option_keys, o->key);
          check_option_value (&ck, o);
        }
    }

  check_timeline (&ck);

  if (scenario->sides->len < 2)
    WARN (&ck, scenario->line, _("the scenario has %u side(s); a battle needs two"),
          scenario->sides->len);
  for (guint i = 0; i < scenario->sides->len; i++)
    {
      const MuSide *side = g_ptr_array_index (scenario->sides, i);

      mu_checker_text (&ck, _("side"), side->name, side->line);
      if (side->id == NULL || *side->id == '\0')
        ERR (&ck, side->line, _("side has no id"));
      else if (!id_syntax_ok (side->id))
        check_ref_syntax (&ck, _("side"), side->id, side->line);
      else if (g_hash_table_contains (side_ids, side->id))
        mu_checker_set_object (ERR (&ck, side->line, _("duplicate side id “%s”"), side->id), side->id);
      else
        g_hash_table_add (side_ids, side->id);
      /* two sides of one name cannot be told apart (New Match lists both) */
      for (guint j = 0; j < i && side->name != NULL; j++)
        {
          const MuSide *other = g_ptr_array_index (scenario->sides, j);

          if (g_strcmp0 (other->name, side->name) == 0)
            {
              mu_checker_set_object (WARN (&ck, side->line,
                                           _("two sides are named “%s”: players cannot tell them apart"),
                                           side->name), side->id);
              break;
            }
        }
    }

  /* Ids first, so that references to later objects are not reported twice. */
  index_counters (&ck);
  for (guint i = 0; i < scenario->counters->len; i++)
    check_counter (&ck, g_ptr_array_index (scenario->counters, i));
  if (ck.ruleset)
    mu_ruleset_check_values (ck.ruleset, scenario, problems);
  if (scenario->board == MU_BOARD_TABLE && scenario->table)
    {
      /* TAB-11: units do not stand on each other */
      g_autoptr(GArray) pairs = mu_scenario_overlapping_units (scenario);

      for (guint i = 0; i + 1 < pairs->len; i += 2)
        {
          const MuCounter *a = g_ptr_array_index (scenario->counters, g_array_index (pairs, guint, i));
          const MuCounter *b = g_ptr_array_index (scenario->counters, g_array_index (pairs, guint, i + 1));

          mu_checker_set_object (ERR (&ck, b->line, _("unit “%s”: its stands overlap those of unit “%s” (line %d)"),
                                      b->id ? b->id : "", a->id ? a->id : "", a->line), b->id);
        }
    }
  if (ck.n_unplaced > MAX_UNPLACED_LISTED)
    {
      guint more = ck.n_unplaced - MAX_UNPLACED_LISTED;

      WARN (&ck, scenario->line,
            g_dngettext (GETTEXT_PACKAGE,
                         "%u more counter is not placed either (%u in all; each needs a hex, "
                         "a table position or a reserve)",
                         "%u more counters are not placed either (%u in all; each needs a hex, "
                         "a table position or a reserve)", more),
            more, ck.n_unplaced);
    }
  for (guint i = 0; i < scenario->objectives->len; i++)
    check_objective (&ck, g_ptr_array_index (scenario->objectives, i));
  for (guint i = 0; i < scenario->tasks->len; i++)
    check_task (&ck, g_ptr_array_index (scenario->tasks, i));
  for (guint i = 0; i < scenario->reserves->len; i++)
    check_reserve (&ck, g_ptr_array_index (scenario->reserves, i));
  for (guint i = 0; i < scenario->own_lines->len; i++)
    {
      const MuSideArea *a = g_ptr_array_index (scenario->own_lines, i);

      mu_checker_side_ref (&ck, _("own lines"), a->side, NULL, a->line);
      if (scenario->board == MU_BOARD_HEX)
        for (guint j = 0; j < a->hexes->len; j++)
          if (!mu_checker_on_board (&ck, _("own lines"), g_array_index (a->hexes, MuHex, j), NULL, a->line))
            break;
    }

  /* the ruleset's own checks: task grammar, placement, ... */
  if (ck.ruleset && ck.ruleset->board == scenario->board && ck.ruleset->check_scenario)
    ck.ruleset->check_scenario (scenario, problems);

  if (scenario->objectives_required < 0 ||
      scenario->objectives_required > (int) scenario->objectives->len)
    ERR (&ck, scenario->line, _("victory: %d objectives required, but the scenario has %u"),
         scenario->objectives_required, scenario->objectives->len);

  g_hash_table_unref (ck.ids);
  g_clear_pointer (&ck.counter_by_id, g_hash_table_unref);
  g_clear_pointer (&ck.sides_with_commands, g_hash_table_unref);
}
