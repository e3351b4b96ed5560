/* test-baa-combat.c: Brothers at Arms (hex) fire, flinch, pinned, melee,
 * fortifications and commanders in combat
 *
 * Table-driven: each case is a small board (a 12 x 12 map built in memory),
 * the counters on it, forced dice and a script of commands, and the events
 * (in order) and the state that must follow. Positions are axial offsets
 * (q, r) from the hex in the middle of the board; in the tables "{q,r}" is
 * replaced by that hex's printed label. Directions (mu-hex.h): d0 (0,-1),
 * d1 (+1,-1), d2 (+1,0), d3 (0,+1), d4 (-1,+1), d5 (-1,0).
 *
 * Setup lines:
 *   unit ID SIDE ARM R/A/S Q,R [flag...]   flags: noorders nic pinned fatigued
 *                                          train attacked flinched ind sharp div=N
 *   cmd ID SIDE Q,R div=N lead=L           a command counter
 *   ctl ID SIDE Q,R lead=L                 a control counter
 *   terrain Q,R woodland|settlement|marsh  base terrain
 *   feature Q,R fort|fortbld|prepared|buildings|ford|stream|impassable
 *   side Q,R DIR hedge|wall|works|breached
 *   elev Q,R N
 *   option KEY / nooption KEY              a scenario rule option on / off
 *   night                                  the bound is a night bound
 * Script lines: `phase N` and `active csa|usa` set the position, `night` makes
 * the bound a night bound, `reset` clears every unit's attack of the round;
 * anything else
 * is a command (fire, fire-group, fire-commander, melee, melee-group, breach,
 * choose). Only the last command may be refused (expected rule in `refused`).
 *
 * State checks: "ID status=S", "ID at={q,r}", "ID pinned", "ID !pinned",
 * "ID flinches=N", "ID attacked", "ID required" (must melee, BAA-MEL-2), "pending SIDE {q,r} {q,r}..." (the open
 * decision and its answers in order), "nopending", "breached {q,r} DIR",
 * "!breached {q,r} DIR".
 */
#define G_LOG_DOMAIN "test-baa-combat"

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mu-command.h"
#include "mu-dice.h"
#include "mu-error.h"
#include "mu-event.h"
#include "mu-match.h"
#include "rules/baa-hex/baa-combat.h"

#define COLS 12
#define ROWS 12
#define ORIGIN ((MuHex) { 6, 6 })

typedef struct {
  const char *name;
  const char *setup[16];
  const char *dice;
  const char *script[8];
  const char *refused;       /* rule id the last command is refused with */
  const char *events[24];    /* substrings, in order */
  const char *absent[6];     /* substrings no event may contain */
  const char *state[12];
} CombatCase;

/* Fixture ----------------------------------------------------------------------- */

typedef struct {
  MuScenario *scenario;
  MuMatch *match;
  BaaMatch *m;
  GPtrArray *events;
} Fixture;

static MuHex
ax (int q,
    int r)
{
  MuHexGrid grid = { COLS, ROWS, MU_HEX_FLAT_TOP, MU_HEX_OFFSET_ODD };
  MuAxial o = mu_hex_to_axial (&grid, ORIGIN);

  return mu_hex_from_axial (&grid, (MuAxial) { o.q + q, o.r + r });
}

static MuHex
parse_qr (const char *text)
{
  int q = 0, r = 0;

  g_assert_cmpint (sscanf (text, "%d,%d", &q, &r), ==, 2);
  return ax (q, r);
}

/* Replaces every "{q,r}" by the printed label of that hex. */
static char *
expand (const char *text)
{
  GString *s = g_string_new (NULL);
  MuHexGrid grid = { COLS, ROWS, MU_HEX_FLAT_TOP, MU_HEX_OFFSET_ODD };

  while (*text)
    {
      if (*text == '{')
        {
          const char *end = strchr (text, '}');
          g_autofree char *inner = g_strndup (text + 1, end - text - 1);
          char buf[16];

          mu_hex_format (&grid, parse_qr (inner), buf, sizeof buf);
          g_string_append (s, buf);
          text = end + 1;
        }
      else
        g_string_append_c (s, *text++);
    }
  return g_string_free (s, FALSE);
}

static MuCounter *
add_counter (MuScenario    *s,
             MuCounterKind  kind,
             const char    *id,
             const char    *side,
             MuHex          hex)
{
  MuCounter *c = mu_counter_new (kind, id, side);

  c->name = g_strdup (id);
  c->place.kind = MU_PLACE_HEX;
  c->place.hex = hex;
  g_ptr_array_add (s->counters, c);
  return c;
}

/* Flags applied to the runtime state once the match exists. */
typedef struct {
  char *id;
  char **flags;
} LateFlags;

/* Adds a word to a unit's declared abilities (baa: "indomitable"). */
static void
add_ability (MuCounter  *c,
             const char *word)
{
  const char *was = mu_values_get (c->values, "abilities");
  g_autofree char *words = was ? g_strdup_printf ("%s %s", was, word) : g_strdup (word);

  mu_values_set (&c->values, "abilities", words);
}

static MuScenario *
build_scenario (const char *const *setup,
                GPtrArray         *late)
{
  MuScenario *s = mu_scenario_new_hex ("baa-hex", COLS, ROWS, MU_HEX_FLAT_TOP, MU_HEX_OFFSET_ODD);
  MuCounter *c;

  g_free (s->title);
  s->title = g_strdup ("combat test");
  g_ptr_array_add (s->sides, mu_side_new ("csa", "Confederate", 0xb0b0b0));
  g_ptr_array_add (s->sides, mu_side_new ("usa", "Union", 0x9cc3e6));
  s->timeline.bounds = 10;
  s->timeline.first_bound = 1;
  s->timeline.start_minutes = 8 * 60;
  s->timeline.minutes_per_bound = 60;
  s->timeline.dawn_minutes = 5 * 60;
  s->timeline.dusk_minutes = 20 * 60;
  s->timeline.days = 1;

  /* The chain of command of both sides, far from the fighting. */
  c = add_counter (s, MU_COUNTER_CONTROL, "csa-army", "csa", (MuHex) { 1, 1 });
  mu_counter_set_int (c, "leadership", 6);
  c = add_counter (s, MU_COUNTER_COMMAND, "csa-div", "csa", (MuHex) { 1, 2 });
  mu_counter_set_int (c, "leadership", 6);
  mu_counter_set_int (c, "division", 1);
  c->parent = g_strdup ("csa-army");
  c = add_counter (s, MU_COUNTER_CONTROL, "usa-army", "usa", (MuHex) { 12, 12 });
  mu_counter_set_int (c, "leadership", 6);
  c = add_counter (s, MU_COUNTER_COMMAND, "usa-div", "usa", (MuHex) { 12, 11 });
  mu_counter_set_int (c, "leadership", 6);
  mu_counter_set_int (c, "division", 1);
  c->parent = g_strdup ("usa-army");
  /* One more unit each in a division of its own, so that no test ends the
   * battle by dispersing a side's last unit (BAA-VIC-3). */
  c = add_counter (s, MU_COUNTER_COMMAND, "csa-div9", "csa", (MuHex) { 1, 12 });
  mu_counter_set_int (c, "leadership", 6);
  mu_counter_set_int (c, "division", 9);
  c->parent = g_strdup ("csa-army");
  c = add_counter (s, MU_COUNTER_UNIT, "csa-spare", "csa", (MuHex) { 1, 11 });
  mu_counter_set_int (c, "identity", 9);
  mu_counter_set_int (c, "range", 1);
  mu_counter_set_int (c, "attack", 6);
  c->strength = 1;
  c->parent = g_strdup ("csa-div9");
  c = add_counter (s, MU_COUNTER_COMMAND, "usa-div9", "usa", (MuHex) { 12, 1 });
  mu_counter_set_int (c, "leadership", 6);
  mu_counter_set_int (c, "division", 9);
  c->parent = g_strdup ("usa-army");
  c = add_counter (s, MU_COUNTER_UNIT, "usa-spare", "usa", (MuHex) { 12, 2 });
  mu_counter_set_int (c, "identity", 9);
  mu_counter_set_int (c, "range", 1);
  mu_counter_set_int (c, "attack", 6);
  c->strength = 1;
  c->parent = g_strdup ("usa-div9");

  for (guint i = 0; i < 16 && setup[i]; i++)
    {
      g_auto(GStrv) w = g_strsplit (setup[i], " ", -1);
      guint n = g_strv_length (w);

      if (g_str_equal (w[0], "unit"))
        {
          int r, a, st;
          LateFlags *lf;

          g_assert_cmpuint (n, >=, 6);
          c = add_counter (s, MU_COUNTER_UNIT, w[1], w[2], parse_qr (w[5]));
          g_assert_true (mu_arm_from_string (w[3], &c->arm));
          g_assert_cmpint (sscanf (w[4], "%d/%d/%d", &r, &a, &st), ==, 3);
          mu_counter_set_int (c, "range", r);
          mu_counter_set_int (c, "attack", a);
          c->strength = st;
          mu_counter_set_int (c, "identity", 1);
          c->parent = g_strdup (g_str_equal (w[2], "csa") ? "csa-div" : "usa-div");
          lf = g_new0 (LateFlags, 1);
          lf->id = g_strdup (w[1]);
          lf->flags = g_new0 (char *, n);
          for (guint k = 6, j = 0; k < n; k++)
            {
              if (g_str_equal (w[k], "ind"))
                add_ability (c, "indomitable");
              else if (g_str_equal (w[k], "sharp"))
                add_ability (c, "sharpshooter");
              else if (g_str_has_prefix (w[k], "div="))
                {
                  mu_counter_set_int (c, "identity", atoi (w[k] + 4));
                  g_clear_pointer (&c->parent, g_free);
                }
              else
                lf->flags[j++] = g_strdup (w[k]);
            }
          g_ptr_array_add (late, lf);
        }
      else if (g_str_equal (w[0], "cmd") || g_str_equal (w[0], "ctl"))
        {
          gboolean ctl = g_str_equal (w[0], "ctl");

          c = add_counter (s, ctl ? MU_COUNTER_CONTROL : MU_COUNTER_COMMAND, w[1], w[2],
                           parse_qr (w[3]));
          mu_counter_set_int (c, "leadership", 2);
          for (guint k = 4; k < n; k++)
            {
              if (g_str_has_prefix (w[k], "div="))
                mu_counter_set_int (c, "division", atoi (w[k] + 4));
              else if (g_str_has_prefix (w[k], "lead="))
                mu_counter_set_int (c, "leadership", atoi (w[k] + 5));
            }
          if (!ctl)
            c->parent = g_strdup (g_str_equal (w[2], "csa") ? "csa-army" : "usa-army");
        }
      else if (g_str_equal (w[0], "terrain"))
        g_assert_true (mu_terrain_from_string (w[2],
                                               &mu_hex_map_cell (s->hex_map, parse_qr (w[1]))->terrain));
      else if (g_str_equal (w[0], "feature"))
        {
          MuHexCell *cell = mu_hex_map_cell (s->hex_map, parse_qr (w[1]));
          static const struct { const char *name; guint bit; } f[] = {
            { "fort", MU_HEX_FEATURE_FORTIFICATION },
            { "fortbld", MU_HEX_FEATURE_FORTIFIED_BUILDING },
            { "prepared", MU_HEX_FEATURE_PREPARED_DEFENCE },
            { "buildings", MU_HEX_FEATURE_BUILDINGS },
            { "ford", MU_HEX_FEATURE_FORD },
            { "stream", MU_HEX_FEATURE_STREAM },
            { "impassable", MU_HEX_FEATURE_IMPASSABLE },
          };
          gboolean found = FALSE;

          for (guint k = 0; k < G_N_ELEMENTS (f); k++)
            if (g_str_equal (w[2], f[k].name))
              {
                cell->features |= f[k].bit;
                found = TRUE;
              }
          g_assert_true (found);
        }
      else if (g_str_equal (w[0], "side"))
        {
          MuHex h = parse_qr (w[1]);
          int dir = atoi (w[2]);
          guint bits = mu_hex_map_side (s->hex_map, h, dir);

          if (g_str_equal (w[3], "hedge"))
            bits |= MU_SIDE_HEDGE;
          else if (g_str_equal (w[3], "wall"))
            bits |= MU_SIDE_WALL;
          else if (g_str_equal (w[3], "works"))
            bits |= MU_SIDE_FORTIFICATION;
          else if (g_str_equal (w[3], "breached"))
            bits |= MU_SIDE_FORTIFICATION | MU_SIDE_BREACHED;
          else
            g_assert_not_reached ();
          mu_hex_map_set_side (s->hex_map, h, dir, bits);
        }
      else if (g_str_equal (w[0], "elev"))
        mu_hex_map_cell (s->hex_map, parse_qr (w[1]))->elevation = (gint8) atoi (w[2]);
      else if (g_str_equal (w[0], "option"))
        mu_scenario_set_option (s, w[1], TRUE);
      else if (g_str_equal (w[0], "nooption"))
        mu_scenario_set_option (s, w[1], FALSE);
      else if (g_str_equal (w[0], "night"))
        {
          int b = 1;

          mu_scenario_set_option (s, "baa.night", TRUE);
          if (s->timeline.night_bounds == NULL)
            s->timeline.night_bounds = g_array_new (FALSE, FALSE, sizeof (int));
          g_array_append_val (s->timeline.night_bounds, b);
        }
      else
        g_error ("bad setup line: %s", setup[i]);
    }
  return s;
}

static void
late_flags_free (gpointer data)
{
  LateFlags *lf = data;

  g_free (lf->id);
  g_strfreev (lf->flags);
  g_free (lf);
}

/* Puts the match into the CSA fire phase with every unit ordered, then
 * applies the per-unit flags. */
static void
fixture_init (Fixture          *f,
              const CombatCase *c)
{
  g_autoptr(GPtrArray) late = g_ptr_array_new_with_free_func (late_flags_free);
  g_autoptr(GError) error = NULL;
  BaaMatch *m;

  f->scenario = build_scenario (c->setup, late);
  f->match = mu_match_new (f->scenario, 1, NULL, 0, &error);
  g_assert_no_error (error);
  g_assert_nonnull (f->match);
  f->m = m = mu_match_get_state (f->match);
  f->events = mu_event_array_new ();

  baa_decision_clear (m);
  m->active = 0;
  m->phase = BAA_PHASE_FIRE;
  for (guint i = 0; i < m->units->len; i++)
    {
      BaaUnit *u = g_ptr_array_index (m->units, i);
      u->has_orders = TRUE;
      u->nic = FALSE;
      u->attacked_this_round = FALSE;
      u->flinches_this_round = 0;
    }
  for (guint i = 0; i < late->len; i++)
    {
      LateFlags *lf = g_ptr_array_index (late, i);
      BaaUnit *u = baa_match_find_unit (m, lf->id);

      g_assert_nonnull (u);
      for (char **fl = lf->flags; *fl; fl++)
        {
          if (g_str_equal (*fl, "noorders"))
            u->has_orders = FALSE;
          else if (g_str_equal (*fl, "nic"))
            {
              u->has_orders = FALSE;
              u->nic = TRUE;
            }
          else if (g_str_equal (*fl, "pinned"))
            u->pinned = TRUE;
          else if (g_str_equal (*fl, "fatigued"))
            u->fatigued = TRUE;
          else if (g_str_equal (*fl, "train"))
            u->on_train = TRUE;
          else if (g_str_equal (*fl, "attacked"))
            u->attacked_this_round = TRUE;
          else if (g_str_equal (*fl, "flinched"))
            u->flinches_this_round = 1;
          else
            g_error ("bad unit flag %s", *fl);
        }
    }
  baa_match_invalidate (m);

  if (c->dice)
    {
      g_autoptr(GError) derr = NULL;
      g_autoptr(GArray) dice = mu_dice_parse_list (c->dice, &derr);

      g_assert_no_error (derr);
      mu_dice_force (m->dice, (const int *) dice->data, dice->len);
    }
}

static void
fixture_clear (Fixture *f)
{
  g_clear_pointer (&f->events, g_ptr_array_unref);
  g_clear_pointer (&f->match, mu_match_free);
  g_clear_pointer (&f->scenario, mu_scenario_free);
}

/* Commands --------------------------------------------------------------------- */

static BaaUnit *
unit (Fixture    *f,
      const char *id)
{
  BaaUnit *u = baa_match_find_unit (f->m, id);

  if (u == NULL)
    g_error ("no unit %s", id);
  return u;
}

/* The command language text of a baa-hex command. */
static char *
baa_text (const BaaCommand *c)
{
  g_autoptr(MuCommand) mc = baa_command_encode (c);

  return mu_command_to_string (mc);
}

static gboolean
run_command (Fixture     *f,
             const char  *line,
             GError     **error)
{
  g_autofree char *text = expand (line);
  g_autoptr(MuCommand) parsed = NULL;
  g_autoptr(BaaCommand) cmd = NULL;
  BaaMatch *m = f->m;
  BaaUnit *group[8];
  guint n = 0;

  if (g_str_has_prefix (text, "phase "))
    {
      m->phase = atoi (text + 6);
      return TRUE;
    }
  if (g_str_has_prefix (text, "active "))
    {
      m->active = g_str_equal (text + 7, "csa") ? 0 : 1;
      return TRUE;
    }
  if (g_str_equal (text, "night"))
    {
      m->night = TRUE;
      return TRUE;
    }
  if (g_str_equal (text, "reset"))
    {
      /* a new round for the attack bookkeeping */
      for (guint i = 0; i < m->units->len; i++)
        ((BaaUnit *) g_ptr_array_index (m->units, i))->attacked_this_round = FALSE;
      return TRUE;
    }
  parsed = mu_command_parse (mu_ruleset_find ("baa-hex"), text, error);
  g_assert_nonnull (parsed);
  cmd = baa_command_decode (parsed, error);
  g_assert_nonnull (cmd);
  switch (cmd->kind)
    {
    case BAA_COMMAND_FIRE:
    case BAA_COMMAND_MELEE:
      group[0] = unit (f, cmd->unit);
      return (cmd->kind == BAA_COMMAND_FIRE ? baa_fire_resolve : baa_melee_resolve)
        (m, group, 1, unit (f, cmd->target), f->events, error);
    case BAA_COMMAND_FIRE_GROUP:
    case BAA_COMMAND_MELEE_GROUP:
      for (guint i = 0; i < cmd->units->len; i++)
        group[n++] = unit (f, g_ptr_array_index (cmd->units, i));
      return (cmd->kind == BAA_COMMAND_FIRE_GROUP ? baa_fire_resolve : baa_melee_resolve)
        (m, group, n, unit (f, cmd->target), f->events, error);
    case BAA_COMMAND_FIRE_COMMANDER:
      return baa_fire_commander_resolve (m, unit (f, cmd->unit),
                                         baa_match_find_commander (m, cmd->target),
                                         f->events, error);
    case BAA_COMMAND_BREACH:
    case BAA_COMMAND_BREACH_GROUP:
      if (cmd->kind == BAA_COMMAND_BREACH)
        group[n++] = unit (f, cmd->unit);
      for (guint i = 0; i < cmd->units->len; i++)
        group[n++] = unit (f, g_ptr_array_index (cmd->units, i));
      return baa_breach_resolve (m, group, n, g_array_index (cmd->path, MuPos, 0).hex, cmd->dir,
                                 f->events, error);
    case BAA_COMMAND_CHOOSE:
      {
        MuHex h;
        gboolean legal = FALSE;

        g_assert_cmpint (m->pending.kind, ==, BAA_DECISION_FLINCH);
        g_assert_true (mu_hex_parse (cmd->answer, &h));
        for (guint i = 0; i < m->pending.hexes->len; i++)
          legal = legal || mu_hex_equal (g_array_index (m->pending.hexes, MuHex, i), h);
        if (!legal)
          return baa_refuse (error, "BAA-FLN-5", "not a legal flinch destination");
        {
          BaaUnit *units[2] = { m->pending.units[0], m->pending.units[1] };
          guint nu = m->pending.n_units;

          baa_decision_clear (m);
          baa_flinch_move (m, units, nu, h, f->events);
        }
        return TRUE;
      }
    default:
      g_error ("command not handled here: %s", text);
    }
  return FALSE;
}

/* Checks ----------------------------------------------------------------------- */

static const char *
status_name (BaaUnitStatus s)
{
  switch (s)
    {
    case BAA_UNIT_ACTIVE: return "active";
    case BAA_UNIT_DISPERSED: return "dispersed";
    case BAA_UNIT_SURRENDERED: return "surrendered";
    case BAA_UNIT_OFFBOARD_RESERVE: return "reserve";
    case BAA_UNIT_TACTICAL_MARCH: return "march";
    default: return "?";
    }
}

static const char *
cdr_status_name (BaaCdrStatus s)
{
  switch (s)
    {
    case BAA_CDR_ACTIVE: return "active";
    case BAA_CDR_DISABLED: return "disabled";
    case BAA_CDR_CAPTURED: return "captured";
    case BAA_CDR_REMOVED_NO_UNITS: return "removed";
    case BAA_CDR_OFFBOARD: return "offboard";
    default: return "?";
    }
}

static void
check_state (Fixture    *f,
             const char *line)
{
  g_autofree char *text = expand (line);
  g_auto(GStrv) w = g_strsplit (text, " ", -1);
  BaaMatch *m = f->m;

  if (g_str_equal (w[0], "pending"))
    {
      g_assert_cmpint (m->pending.kind, ==, BAA_DECISION_FLINCH);
      g_assert_cmpstr (baa_side_id (m, m->pending.side), ==, w[1]);
      g_assert_cmpuint (m->pending.hexes->len, ==, g_strv_length (w) - 2);
      for (guint i = 0; i < m->pending.hexes->len; i++)
        g_assert_cmpstr (baa_hex_label (m, g_array_index (m->pending.hexes, MuHex, i)), ==, w[i + 2]);
      return;
    }
  if (g_str_equal (w[0], "nopending"))
    {
      g_assert_cmpint (m->pending.kind, ==, BAA_DECISION_NONE);
      return;
    }
  if (g_str_equal (w[0], "breached") || g_str_equal (w[0], "!breached"))
    {
      MuHex h;

      g_assert_true (mu_hex_parse (w[1], &h));
      g_assert_cmpint (baa_hexside_breached (m, h, atoi (w[2])), ==, w[0][0] != '!');
      return;
    }
  {
    BaaUnit *u = baa_match_find_unit (m, w[0]);
    BaaCommander *c = u ? NULL : baa_match_find_commander (m, w[0]);

    g_assert_true (u != NULL || c != NULL);
    if (g_str_has_prefix (w[1], "status="))
      g_assert_cmpstr (u ? status_name (u->status) : cdr_status_name (c->status), ==, w[1] + 7);
    else if (g_str_has_prefix (w[1], "at="))
      g_assert_cmpstr (baa_hex_label (m, u ? u->hex : c->hex), ==, w[1] + 3);
    else if (g_str_equal (w[1], "pinned"))
      g_assert_true (u->pinned);
    else if (g_str_equal (w[1], "!pinned"))
      g_assert_false (u->pinned);
    else if (g_str_equal (w[1], "!train"))
      g_assert_false (u->on_train);
    else if (g_str_equal (w[1], "attacked"))
      g_assert_true (u->attacked_this_round);
    else if (g_str_equal (w[1], "!attacked"))
      g_assert_false (u->attacked_this_round);
    else if (g_str_equal (w[1], "required"))
      g_assert_true (baa_melee_required (m, u));
    else if (g_str_equal (w[1], "!required"))
      g_assert_false (baa_melee_required (m, u));
    else if (g_str_has_prefix (w[1], "flinches="))
      g_assert_cmpint (u->flinches_this_round, ==, atoi (w[1] + 9));
    else
      g_error ("bad state check %s", line);
  }
}

static void
test_case (gconstpointer data)
{
  const CombatCase *c = data;
  Fixture f = { 0 };
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  guint next = 0;
  guint nscript = 0;

  fixture_init (&f, c);
  while (nscript < G_N_ELEMENTS (c->script) && c->script[nscript])
    nscript++;
  for (guint i = 0; i < nscript; i++)
    {
      g_autoptr(GError) error = NULL;
      guint rolled = mu_dice_count (f.m->dice);
      guint nevents = f.events->len;
      gboolean ok = run_command (&f, c->script[i], &error);

      if (i + 1 == nscript && c->refused)
        {
          g_assert_false (ok);
          /* a refusal changes nothing and rolls no die */
          g_assert_cmpuint (mu_dice_count (f.m->dice), ==, rolled);
          g_assert_cmpuint (f.events->len, ==, nevents);
          g_assert_error (error, MU_ERROR, MU_ERROR_ILLEGAL);
          if (strstr (error->message, c->refused) == NULL)
            g_test_fail_printf ("refused for the wrong reason: %s (expected %s)", error->message,
                                c->refused);
        }
      else
        {
          if (!ok)
            {
              g_test_fail_printf ("%s refused: %s", c->script[i], error->message);
              fixture_clear (&f);
              return;
            }
        }
    }
  for (guint i = 0; i < f.events->len; i++)
    {
      char *t = mu_event_to_string (g_ptr_array_index (f.events, i), f.m->grid);
      g_test_message ("event: %s", t);
      g_ptr_array_add (texts, t);
    }
  for (guint k = 0; k < G_N_ELEMENTS (c->events) && c->events[k]; k++)
    {
      g_autofree char *want = expand (c->events[k]);

      while (next < texts->len && strstr (g_ptr_array_index (texts, next), want) == NULL)
        next++;
      if (next == texts->len)
        {
          g_test_fail_printf ("%s: expected event \"%s\" not found (in order)", c->name, want);
          break;
        }
      next++;
    }
  for (guint k = 0; k < G_N_ELEMENTS (c->absent) && c->absent[k]; k++)
    {
      g_autofree char *bad = expand (c->absent[k]);

      for (guint i = 0; i < texts->len; i++)
        if (strstr (g_ptr_array_index (texts, i), bad) != NULL)
          g_test_fail_printf ("%s: unexpected event \"%s\"", c->name,
                              (char *) g_ptr_array_index (texts, i));
    }
  for (guint k = 0; k < G_N_ELEMENTS (c->state) && c->state[k]; k++)
    check_state (&f, c->state[k]);
  fixture_clear (&f);
}

/* The cases ----------------------------------------------------------------------- */

#define A1 "unit a1 csa infantry 2/4/3 0,0"
#define B1 "unit b1 usa infantry 2/4/3 2,0"

static const CombatCase cases[] = {
  /* Worked examples ------------------------------------------------------------- */
  { "BAA-EX-6",
    { A1, "unit b1 usa infantry 2/4/3 2,0" }, "4,2,6,3",
    { "fire a1 b1" }, NULL,
    { "attack b1 fire by=a1 at={2,0} dice=3 (BAA-FIRE-5)",
      "roll fire a1 vs=b1 die=4 need>=4 success", "roll fire a1 vs=b1 die=2 need>=4 fail",
      "roll fire a1 vs=b1 die=6 need>=4 success", "hits b1 by=a1 n=2",
      "roll flinch b1 vs=a1 die=3 need<=2 fail (BAA-FLN-1)", "stands b1" },
    { "dispersed" },
    { "b1 status=active", "b1 at={2,0}", "b1 !pinned", "a1 attacked", "nopending" } },
  { "BAA-EX-7/flinch",
    { A1, "unit b1 usa infantry 2/4/3 2,0" }, "4,2,6,2",
    { "fire a1 b1" }, NULL,
    { "hits b1 by=a1 n=2", "roll flinch b1 vs=a1 die=2 need<=2 success (BAA-FLN-1)",
      "flinch to? side=usa" },
    { NULL },
    /* every neighbour but (1,0), which is adjacent to the firer */
    { "pending usa {2,-1} {3,-1} {3,0} {2,1} {1,1}" } },
  { "BAA-EX-7/choose",
    { A1, "unit b1 usa infantry 2/4/3 2,0" }, "4,2,6,2",
    { "fire a1 b1", "choose {3,0}" }, NULL,
    { "flinch b1 from={2,0} to={3,0} (BAA-FLN-5)", "marker b1 pinned" },
    { NULL },
    { "b1 at={3,0}", "b1 pinned", "b1 flinches=1", "nopending" } },
  { "BAA-EX-7/no-flinch",
    { A1, "unit b1 usa infantry 2/4/3 2,0" }, "4,2,6,3",
    { "fire a1 b1" }, NULL,
    { "roll flinch b1 vs=a1 die=3 need<=2 fail", "stands b1" },
    { "flinch b1 from" },
    { "b1 at={2,0}", "b1 !pinned" } },
  { "BAA-EX-8",
    { A1, "unit b1 usa infantry 2/4/3 2,0" }, "4,5,6",
    { "fire a1 b1" }, NULL,
    { "hits b1 by=a1 n=3", "dispersed b1 by=a1 at={2,0} (BAA-FIRE-7)" },
    { "roll flinch" },
    { "b1 status=dispersed" } },
  { "BAA-EX-9/flinch",
    { A1, "unit b1 usa infantry 2/4/3 2,0", "terrain 2,0 woodland" }, "4,5,6,3,2,6,1,2",
    { "fire a1 b1" }, NULL,
    { "roll cover b1 vs=a1 die=3 need>=3 success (BAA-FIRE-6)",
      "roll cover b1 vs=a1 die=2 need>=3 fail", "roll cover b1 vs=a1 die=6 need>=3 success",
      "hits b1 by=a1 n=2", "roll flinch b1 vs=a1 die=1 need<=2 success (BAA-FLN-3)",
      "roll flinch b1 vs=a1 die=2 need<=2 success (BAA-FLN-3)", "flinch to? side=usa" },
    { "dispersed" },
    { "b1 status=active" } },
  { "BAA-EX-9/no-flinch",
    { A1, "unit b1 usa infantry 2/4/3 2,0", "terrain 2,0 woodland" }, "4,5,6,3,2,6,1,3",
    { "fire a1 b1" }, NULL,
    { "hits b1 by=a1 n=2", "roll flinch b1 vs=a1 die=1 need<=2 success",
      "roll flinch b1 vs=a1 die=3 need<=2 fail", "stands b1 (BAA-FLN-3)" },
    { NULL },
    { "b1 at={2,0}", "b1 !pinned", "nopending" } },
  { "BAA-EX-10",
    { A1, "unit b1 usa infantry 2/4/3 2,0", "feature 2,0 fort" }, "4,5,6,5,6,1",
    { "fire a1 b1" }, NULL,
    { "roll cover b1 vs=a1 die=5 need>=5 success", "hits b1 by=a1 n=2", "stands b1 (BAA-FLN-4)" },
    { "roll flinch" },
    { "b1 at={2,0}", "b1 !pinned" } },
  { "BAA-EX-11",
    { "unit a1 csa infantry 2/4/3 0,-1", "unit b1 usa infantry 2/4/3 0,0" }, "4,1,1,1",
    { "phase 11", "melee a1 b1" }, NULL,
    { "attack b1 melee by=a1", "hits b1 by=a1 n=1", "roll flinch b1 vs=a1 die=1 need<=1 success" },
    { NULL },
    /* neighbours 2, 3, 4 */
    { "pending usa {1,0} {0,1} {-1,1}" } },
  /* BAA-FLN-5 (2): a hex holding only an enemy commander is no destination */
  { "BAA-FLN-5/enemy-commander-hex",
    { "unit a1 csa infantry 2/4/3 0,-1", "cmd ca csa 0,1 div=5", "unit b1 usa infantry 2/4/3 0,0" },
    "4,1,1,1",
    { "phase 11", "melee a1 b1" }, NULL,
    { "roll flinch b1 vs=a1 die=1 need<=1 success" },
    { NULL },
    /* neighbours 2 and 4; neighbour 3 holds the CSA commander */
    { "pending usa {1,0} {-1,1}" } },
  { "BAA-EX-12",
    { "unit a1 csa infantry 2/4/3 0,-1", "unit a2 csa infantry 2/4/3 1,0",
      "unit b1 usa infantry 2/4/3 0,0" }, "4,1,1,1",
    { "phase 11", "melee a1 b1" }, NULL,
    { "flinch b1 from={0,0} to={-1,1} (BAA-FLN-5)", "marker b1 pinned" },
    { "decision" },
    { "b1 at={-1,1}", "b1 pinned", "nopending" } },
  { "BAA-EX-13/ring-of-three",
    { "unit a1 csa infantry 2/4/3 0,-1", "unit a2 csa infantry 2/4/3 1,0",
      "unit a3 csa infantry 2/4/3 -1,1", "unit b1 usa infantry 2/4/3 0,0" }, "4,1,1,1",
    { "phase 11", "melee a1 b1" }, NULL,
    { "surrender b1 by=a1 at={0,0} (BAA-FLN-5a)" },
    { "flinch b1 from" },
    { "b1 status=surrendered", "nopending" } },
  { "BAA-EX-13/two-opposite-BAA-AMB-14",
    { "unit a1 csa infantry 2/4/3 0,-1", "unit a2 csa infantry 2/4/3 0,1",
      "unit b1 usa infantry 2/4/3 0,0" }, "4,1,1,1",
    { "phase 11", "melee a1 b1" }, NULL,
    { "surrender b1 by=a1 at={0,0} (BAA-FLN-5a)" },
    { NULL },
    { "b1 status=surrendered" } },
  { "BAA-EX-14",
    { "unit a1 csa infantry 2/4/3 0,-1", "unit a2 csa infantry 2/4/3 1,0",
      "unit b1 usa infantry 2/4/3 0,0", "feature -1,1 impassable" }, "4,1,1,1",
    { "phase 11", "melee a1 b1" }, NULL,
    { "surrender b1 by=a1 at={0,0} (BAA-FLN-5a)" },
    { NULL },
    { "b1 status=surrendered" } },
  { "BAA-EX-15",
    { A1, "unit b1 usa infantry 2/4/3 2,0 pinned flinched" }, "4,2,6,2",
    { "fire a1 b1", "choose {3,0}" }, NULL,
    { "flinch to? side=csa", "flinch b1 from={2,0} to={3,0}" },
    { "marker b1 pinned" },
    { "b1 at={3,0}", "b1 pinned", "b1 flinches=2" } },
  { "BAA-EX-17/5-hits",
    { "unit a1 csa infantry 2/2/5 0,0", "unit b1 usa infantry 2/4/3 2,0",
      "unit b2 usa infantry 2/4/2 2,0" }, "2,2,2,2,2",
    { "fire a1 b1" }, NULL,
    { "hits b1 by=a1 n=5", "dispersed b1 by=a1 at={2,0} (BAA-FIRE-7)",
      "dispersed b2 by=a1 at={2,0} (BAA-FIRE-9)" },
    { "roll flinch" },
    { "b1 status=dispersed", "b2 status=dispersed" } },
  { "BAA-EX-17/4-hits-BAA-AMB-24",
    { "unit a1 csa infantry 2/2/5 0,0", "unit b1 usa infantry 2/4/3 2,0",
      "unit b2 usa infantry 2/4/2 2,0" }, "2,2,2,2,1,2",
    { "fire a1 b1" }, NULL,
    { "hits b1 by=a1 n=4", "dispersed b1", "roll flinch b2 vs=a1 die=2 need<=1 fail", "stands b2" },
    { "dispersed b2" },
    { "b1 status=dispersed", "b2 status=active", "b2 !pinned" } },
  { "BAA-EX-17/2-hits-BAA-STK-3",
    { "unit a1 csa infantry 2/2/5 0,0", "unit b1 usa infantry 2/4/3 2,0",
      "unit b2 usa infantry 2/4/2 2,0" }, "2,2,1,1,1,1",
    { "fire a1 b1", "choose {3,0}" }, NULL,
    { "hits b1 by=a1 n=2", "roll flinch b1 vs=a1 die=1 need<=2 success", "flinch to? side=usa",
      "flinch b1 from={2,0} to={3,0}", "flinch b2 from={2,0} to={3,0}" },
    { "dispersed" },
    { "b1 at={3,0}", "b2 at={3,0}", "b1 pinned", "b2 pinned" } },
  { "BAA-EX-20",
    { "unit a1 csa artillery 3/4/3 0,0", "elev 0,0 1", "unit b1 usa infantry 2/4/3 3,0" }, NULL,
    { "night", "fire a1 b1" }, "BAA-NGT-1",
    { NULL }, { NULL }, { "a1 !attacked" } },
  { "BAA-EX-20/in-range",
    { "unit a1 csa artillery 3/4/3 0,0", "elev 0,0 1", "unit b1 usa infantry 2/4/3 2,0" },
    "1,1,1",
    { "night", "fire a1 b1" }, NULL,
    { "attack b1 fire by=a1" }, { NULL }, { "a1 attacked" } },
  { "BAA-EX-21/must-melee",
    { "unit a1 csa infantry 2/4/3 0,-1", "unit a2 csa infantry 2/4/3 1,0",
      "unit b1 usa infantry 2/4/3 0,0", "unit b2 usa infantry 2/4/3 2,-2" }, NULL,
    { "phase 11" }, NULL,
    { NULL }, { NULL },
    { "a1 required", "a2 required", "b2 !required" } },
  { "BAA-EX-21/grouped",
    { "unit a1 csa infantry 2/4/3 0,-1", "unit a2 csa infantry 2/4/3 1,0",
      "unit b1 usa infantry 2/4/3 0,0", "unit b2 usa infantry 2/4/3 2,-2" }, "1,1,1,1,1,1",
    { "phase 11", "melee-group b1 a1 a2" }, NULL,
    { "attack b1 melee-group by=a1 at={0,0} dice=6 (BAA-MEL-3)", "hits b1 total n=0" }, { NULL },
    { "a1 attacked", "a2 attacked", "a1 !required", "a2 !required" } },
  { "BAA-EX-21/no-fire-into-melee",
    { "unit a1 csa infantry 2/4/3 0,-1", "unit a2 csa infantry 2/4/3 1,0",
      "unit b1 usa infantry 2/4/3 0,0", "unit b2 usa infantry 2/4/3 2,-2" }, NULL,
    { "active usa", "fire b2 a1" }, "BAA-MEL-5",
    { NULL }, { NULL }, { "b2 !attacked" } },
  { "BAA-EX-22/disabled",
    { "option baa.sharpshooters", "unit a1 csa infantry 2/4/3 0,0 sharp", "cmd uc usa 2,0 div=5" },
    "4",
    { "fire-commander a1 uc" }, NULL,
    { "attack uc fire-commander by=a1", "roll commander-shot a1 vs=uc die=4 need>=4 success (BAA-CDR-5)",
      "disabled uc at={2,0} (BAA-CDR-5)" },
    { NULL }, { "uc status=disabled", "a1 attacked" } },
  { "BAA-EX-22/missed",
    { "option baa.sharpshooters", "unit a1 csa infantry 2/4/3 0,0 sharp", "cmd uc usa 2,0 div=5" },
    "3",
    { "fire-commander a1 uc" }, NULL,
    { "roll commander-shot a1 vs=uc die=3 need>=4 fail" },
    { "disabled" }, { "uc status=active" } },
  { "BAA-EX-23/disabled",
    { A1, "cmd uc usa 2,0 div=5" }, "6",
    { "fire-commander a1 uc" }, NULL,
    { "roll commander-shot a1 vs=uc die=6 need>=6 success (BAA-CDR-4)", "disabled uc at={2,0} (BAA-CDR-4)" },
    { NULL }, { "uc status=disabled" } },
  { "BAA-EX-23/missed",
    { A1, "cmd uc usa 2,0 div=5" }, "5",
    { "fire-commander a1 uc" }, NULL,
    { "roll commander-shot a1 vs=uc die=5 need>=6 fail" },
    { "disabled" }, { "uc status=active" } },
  { "BAA-EX-28/woodland-BAA-TER-3",
    { A1, "terrain 0,0 woodland", "unit b1 usa infantry 2/4/3 2,0" }, "1,1",
    { "fire a1 b1" }, NULL,
    { "attack b1 fire by=a1 at={2,0} dice=2" }, { NULL }, { NULL } },
  { "BAA-EX-28/ford",
    { A1, "feature 0,0 ford", "unit b1 usa infantry 2/4/3 2,0" }, "1,1",
    { "fire a1 b1" }, NULL,
    { "attack b1 fire by=a1 at={2,0} dice=2" }, { NULL }, { NULL } },
  { "BAA-EX-28/strength-1",
    { "unit a1 csa infantry 2/4/1 0,0", "terrain 0,0 woodland", "unit b1 usa infantry 2/4/3 2,0" },
    "1",
    { "fire a1 b1" }, NULL,
    { "attack b1 fire by=a1 at={2,0} dice=1" }, { NULL }, { NULL } },
  { "BAA-EX-28/hill-does-not-unform-BAA-TER-4",
    { A1, "elev 0,0 1", "unit b1 usa infantry 2/4/3 2,0" }, "1,1,1",
    { "fire a1 b1" }, NULL,
    { "attack b1 fire by=a1 at={2,0} dice=3" }, { NULL }, { NULL } },
  { "BAA-EX-29/fire-BAA-STK-2",
    { A1, "unit a2 csa infantry 2/4/3 0,0", "unit b1 usa infantry 2/4/3 2,0" }, NULL,
    { "fire a1 b1" }, "BAA-STK-2", { NULL }, { NULL }, { NULL } },
  { "BAA-EX-29/melee",
    { A1, "unit a2 csa infantry 2/4/3 0,0", "unit b1 usa infantry 2/4/3 1,0" }, NULL,
    { "phase 11", "melee a2 b1" }, "BAA-STK-2", { NULL }, { NULL }, { "a1 !required" } },
  { "BAA-EX-35/fatigued-6-BAA-AMB-46",
    { "unit a1 csa infantry 2/6/1 0,0 fatigued", "unit b1 usa infantry 2/4/3 2,0" }, "5",
    { "fire a1 b1" }, NULL,
    { "roll fire a1 vs=b1 die=5 need>=6 fail" }, { NULL }, { NULL } },
  { "BAA-EX-35/fatigued-and-out-of-range-BAA-CMD-9",
    { "option baa.out-of-command-penalty", "cmd c2 csa 0,3 div=2 lead=1",
      "unit a1 csa infantry 2/5/1 0,0 fatigued div=2", "unit b1 usa infantry 2/4/3 2,0" }, "6",
    { "fire a1 b1" }, NULL,
    { "roll fire a1 vs=b1 die=6 need>=6 success" }, { NULL }, { NULL } },
  { "BAA-EX-36/dispersed-BAA-AMB-18",
    { A1, "unit a2 csa infantry 2/4/3 0,1", "unit a3 csa infantry 2/4/3 1,-1",
      "unit b1 usa infantry 2/4/4 2,0" }, "4,5,1,6,6,2",
    { "fire-group b1 a1 a2 a3" }, NULL,
    { "attack b1 fire-group by=a1 at={2,0} dice=9 (BAA-FIRE-10)", "hits b1 by=a1 n=2",
      "hits b1 by=a2 n=2", "note a3 attack lost", "hits b1 total n=4", "dispersed b1" },
    { "roll fire a3", "roll flinch" },
    { "a1 attacked", "a2 attacked", "a3 attacked", "b1 status=dispersed" } },
  { "BAA-EX-36/one-flinch-test",
    { A1, "unit a2 csa infantry 2/4/3 0,1", "unit b1 usa infantry 2/4/4 2,0" }, "4,5,1,1,1,2,3",
    { "fire-group b1 a1 a2" }, NULL,
    { "hits b1 by=a1 n=2", "hits b1 by=a2 n=0", "hits b1 total n=2",
      "roll flinch b1 vs=a1 die=3 need<=2 fail", "stands b1" },
    { "dispersed" },
    { "b1 status=active" } },
  { "BAA-EX-37",
    { "option baa.indomitable", A1, "unit b1 usa infantry 2/4/4 2,0 ind" }, "4,4,1",
    { "fire a1 b1" }, NULL,
    { "hits b1 by=a1 n=2", "stands b1 (BAA-FLN-8)" }, { "roll flinch" },
    { "b1 !pinned", "b1 at={2,0}" } },
  { "BAA-EX-37/option-off-flinches",
    { "nooption baa.indomitable", A1, "unit b1 usa infantry 2/4/4 2,0 ind" }, "4,4,1,1",
    { "fire a1 b1" }, NULL,
    { "roll flinch b1 vs=a1 die=1 need<=2 success" }, { NULL }, { NULL } },
  { "BAA-EX-38/dispersed-BAA-AMB-52",
    { A1, "unit b1 usa infantry 2/4/3 2,0 train" }, "4,4,1",
    { "fire a1 b1" }, NULL,
    { "hits b1 by=a1 n=2", "dispersed b1" }, { NULL }, { "b1 status=dispersed" } },
  { "BAA-EX-38/flinch-leaves-train",
    { A1, "unit b1 usa infantry 2/4/4 2,0 train" }, "4,4,1,1",
    { "fire a1 b1", "choose {3,0}" }, NULL,
    { "hits b1 by=a1 n=2", "roll flinch b1 vs=a1 die=1 need<=2 success", "flinch b1 from={2,0} to={3,0}" },
    { NULL }, { "b1 at={3,0}", "b1 !train" } },
  { "BAA-EX-38/may-not-attack-BAA-AMB-51",
    { A1, "unit b1 usa infantry 2/4/3 2,0 train" }, NULL,
    { "active usa", "fire b1 a1" }, "BAA-SPC-2", { NULL }, { NULL }, { NULL } },
  { "BAA-EX-38/no-melee-BAA-SPC-2",
    { "unit a1 csa infantry 2/4/3 0,0 train", "unit b1 usa infantry 2/4/3 1,0" }, NULL,
    { "phase 11", "melee a1 b1" }, "BAA-SPC-2", { NULL }, { NULL }, { "a1 !required" } },
  { "BAA-EX-39/breached",
    { "unit a1 csa artillery 3/4/3 0,0", "unit a2 csa artillery 3/4/3 0,1",
      "unit a3 csa artillery 3/4/3 1,-1", "feature 3,0 fort" }, "4,4,4,4,4,4",
    { "breach-group {3,0} 5 a1 a2 a3" }, NULL,
    { "attack breach-group dir=5 by=a1 at={3,0} dice=9 (BAA-FORT-3)", "note a3 attack lost",
      "breached at={3,0} n=5 (BAA-FORT-3)" },
    { "roll breach a3" },
    { "breached {3,0} 5", "a3 attacked" } },
  { "BAA-EX-39/no-carry-over-BAA-AMB-33",
    { "unit a1 csa artillery 3/4/3 0,0", "unit a2 csa artillery 3/4/3 0,1",
      "unit a3 csa artillery 3/4/3 1,-1", "feature 3,0 fort" }, "4,4,1,4,1,1,4,1,1,4,4,4,1,1,1",
    { "breach-group {3,0} 5 a1 a2 a3", "reset", "breach-group {3,0} 5 a1 a2" }, NULL,
    { "works hold", "works hold" },
    { "breached" },
    { "!breached {3,0} 5" } },

  /* Fire: eligibility (BAA-FIRE-1), targets (BAA-FIRE-2), range (BAA-FIRE-3) ------ */
  /* BAA-SEQ-3: the passive side does not fire, orders or not */
  { "BAA-SEQ-3/passive-side-fires", { A1, B1 }, NULL,
    { "fire b1 a1" }, "BAA-SEQ-3", { NULL }, { NULL }, { "b1 !attacked" } },
  { "BAA-FIRE-1/no-orders", { "unit a1 csa infantry 2/4/3 0,0 noorders", B1 }, NULL,
    { "fire a1 b1" }, "BAA-FIRE-1", { NULL }, { NULL }, { "a1 !attacked" } },
  { "BAA-FIRE-1/nic-BAA-CMD-7", { "unit a1 csa infantry 2/4/3 0,0 nic", B1 }, NULL,
    { "fire a1 b1" }, "BAA-FIRE-1", { NULL }, { NULL }, { NULL } },
  { "BAA-FIRE-1/ordered", { A1, B1 }, "1,1,1",
    { "fire a1 b1" }, NULL, { "attack b1 fire by=a1" }, { NULL }, { "a1 attacked" } },
  { "BAA-PIN-1/pinned-may-not-fire", { "unit a1 csa infantry 2/4/3 0,0 pinned", B1 }, NULL,
    { "fire a1 b1" }, "BAA-PIN-1", { NULL }, { NULL }, { NULL } },
  { "BAA-PIN-1/pinned-may-be-attacked", { A1, "unit b1 usa infantry 2/4/3 2,0 pinned" }, "4,1,1,1",
    { "fire a1 b1" }, NULL, { "hits b1 by=a1 n=1", "roll flinch b1" }, { NULL }, { NULL } },
  { "BAA-AMB-19/in-melee-may-not-fire",
    { A1, B1, "unit b2 usa infantry 2/4/3 -1,0" }, NULL,
    { "fire a1 b1" }, "BAA-AMB-19", { NULL }, { NULL }, { NULL } },
  { "BAA-FIRE-12/attacked-may-not-fire", { "unit a1 csa infantry 2/4/3 0,0 attacked", B1 }, NULL,
    { "fire a1 b1" }, "BAA-FIRE-12", { NULL }, { NULL }, { NULL } },
  { "BAA-FIRE-12/fired-may-not-melee", { A1, "unit b1 usa infantry 2/4/3 2,0", "unit b2 usa infantry 2/4/3 2,-2" },
    "1,1,1",
    { "fire a1 b1", "phase 11", "melee a1 b2" }, "BAA-FIRE-12", { NULL }, { NULL }, { NULL } },
  { "BAA-FIRE-12/twice-in-a-group", { A1, B1 }, NULL,
    { "fire-group b1 a1 a1" }, "BAA-FIRE-12", { NULL }, { NULL }, { NULL } },
  { "BAA-FIRE-2/not-an-enemy", { A1, "unit a2 csa infantry 2/4/3 2,0" }, NULL,
    { "fire a1 a2" }, "BAA-FIRE-2", { NULL }, { NULL }, { NULL } },
  { "BAA-FIRE-2/no-line-of-sight-BAA-LOS-1", { A1, B1, "terrain 1,0 woodland" }, NULL,
    { "fire a1 b1" }, "BAA-LOS-1", { NULL }, { NULL }, { NULL } },
  { "BAA-LOS-1/unit-blocks",
    { "unit a1 csa infantry 3/4/3 0,0", "unit a2 csa infantry 2/4/3 1,0",
      "unit b1 usa infantry 2/4/3 3,0" }, NULL,
    { "fire a1 b1" }, "BAA-LOS-1", { NULL }, { NULL }, { NULL } },
  { "BAA-LOS-2/hexside-BAA-EX-18",
    { A1, "unit b1 usa infantry 2/4/3 1,1", "terrain 1,0 woodland" }, "1,1,1,1,1,1",
    { "fire a1 b1", "active usa", "fire b1 a1" }, NULL,
    { "attack b1 fire by=a1", "attack a1 fire by=b1" }, { NULL }, { NULL } },
  { "BAA-LOS-3/enemy-commander-no-block-BAA-CDR-1",
    { A1, B1, "cmd uc usa 1,0 div=5" }, "1,1,1",
    { "fire a1 b1" }, NULL, { "attack b1 fire by=a1" }, { "friendly-fire" }, { NULL } },
  { "BAA-LOS-4/friendly-commander-hit-BAA-AMB-26",
    { A1, B1, "cmd cc csa 1,0 div=5" }, "1,1,1,6",
    { "fire a1 b1" }, NULL,
    { "hits b1 by=a1 n=0", "roll friendly-fire cc vs=a1 die=6 need>=6 success (BAA-LOS-4)",
      "disabled cc at={1,0} (BAA-LOS-4)" }, { NULL }, { "cc status=disabled" } },
  { "BAA-LOS-4/friendly-commander-safe",
    { A1, B1, "cmd cc csa 1,0 div=5" }, "1,1,1,5",
    { "fire a1 b1" }, NULL,
    { "roll friendly-fire cc vs=a1 die=5 need>=6 fail" }, { "disabled" }, { "cc status=active" } },
  { "BAA-LOS-4/own-hex-no-roll",
    { A1, B1, "cmd cc csa 0,0 div=5" }, "1,1,1",
    { "fire a1 b1" }, NULL, { "attack b1" }, { "friendly-fire" }, { NULL } },
  { "BAA-MEL-5/no-fire-into-melee-BAA-AMB-49",
    { A1, B1, "unit a2 csa infantry 2/4/3 3,0" }, NULL,
    { "fire a1 b1" }, "BAA-MEL-5", { NULL }, { NULL }, { NULL } },
  { "BAA-SPC-5/infantry-vs-river-boat", { A1, "unit b1 usa riverboat 2/4/3 2,0" }, NULL,
    { "fire a1 b1" }, "BAA-SPC-5", { NULL }, { NULL }, { NULL } },
  { "BAA-SPC-5/artillery-vs-river-boat",
    { "unit a1 csa artillery 2/4/3 0,0", "unit b1 usa riverboat 2/4/3 2,0" }, "1,1,1",
    { "fire a1 b1" }, NULL, { "attack b1 fire by=a1" }, { NULL }, { NULL } },
  { "BAA-SPC-5/no-melee-vs-river-boat",
    { A1, "unit b1 usa riverboat 2/4/3 1,0" }, NULL,
    { "phase 11", "melee a1 b1" }, "BAA-SPC-5", { NULL }, { NULL }, { "a1 !required" } },
  { "BAA-FIRE-3/out-of-range", { A1, "unit b1 usa infantry 2/4/3 3,0" }, NULL,
    { "fire a1 b1" }, "BAA-FIRE-3", { NULL }, { NULL }, { NULL } },
  { "BAA-FIRE-3/hill-bonus-BAA-HGT-1",
    { A1, "elev 0,0 1", "unit b1 usa infantry 2/4/3 3,0" }, "1,1,1",
    { "fire a1 b1" }, NULL, { "attack b1 fire by=a1" }, { NULL }, { NULL } },
  { "BAA-HGT-1/over-friends-with-clear-hex",
    { A1, "elev 0,0 1", "unit a2 csa infantry 2/4/3 1,0", "unit b1 usa infantry 2/4/3 3,0" },
    "1,1,1",
    { "fire a1 b1" }, NULL, { "attack b1 fire by=a1" }, { NULL }, { NULL } },
  { "BAA-HGT-3/firing-up-over-enemy-BAA-AMB-32",
    { "unit a1 csa infantry 3/4/3 0,0", "elev 3,0 1", "unit b2 usa infantry 2/4/3 2,0",
      "unit b1 usa infantry 2/4/3 3,0" }, "1,1,1",
    /* the lower enemy unit at (2,0) is fired over; (1,0) in front is clear */
    { "fire a1 b1" }, NULL, { "attack b1 fire by=a1" }, { NULL }, { NULL } },
  { "BAA-HGT-3/hex-in-front-not-clear",
    { "unit a1 csa infantry 3/4/3 0,0", "elev 3,0 1", "unit a2 csa infantry 2/4/3 1,0",
      "unit b1 usa infantry 2/4/3 3,0" }, NULL,
    { "fire a1 b1" }, "BAA-HGT-3", { NULL }, { NULL }, { NULL } },

  /* Attack value, dice, cover (BAA-FIRE-4..6, BAA-COV-*, BAA-TER-3) -------------- */
  { "BAA-FIRE-4/fatigued", { "unit a1 csa infantry 2/4/1 0,0 fatigued", B1 }, "4",
    { "fire a1 b1" }, NULL, { "roll fire a1 vs=b1 die=4 need>=5 fail" }, { NULL }, { NULL } },
  { "BAA-CMD-9/out-of-command-range",
    { "option baa.out-of-command-penalty", "cmd c2 csa 0,3 div=2 lead=1",
      "unit a1 csa infantry 2/4/1 0,0 div=2", B1 }, "4",
    { "fire a1 b1" }, NULL, { "roll fire a1 vs=b1 die=4 need>=5 fail" }, { NULL }, { NULL } },
  { "BAA-CMD-9/option-off",
    { "cmd c2 csa 0,3 div=2 lead=1", "unit a1 csa infantry 2/4/1 0,0 div=2", B1 }, "4",
    { "fire a1 b1" }, NULL, { "roll fire a1 vs=b1 die=4 need>=4 success" }, { NULL }, { NULL } },
  { "BAA-FIRE-5/dice-and-hits", { "unit a1 csa infantry 2/3/4 0,0", "unit b1 usa infantry 2/4/9 2,0" },
    "3,2,6,1,6",
    { "fire a1 b1" }, NULL,
    { "attack b1 fire by=a1 at={2,0} dice=4", "die=3 need>=3 success", "die=2 need>=3 fail",
      "die=6 need>=3 success", "die=1 need>=3 fail", "hits b1 by=a1 n=2" },
    { NULL }, { NULL } },
  { "BAA-FIRE-6/settlement-hard-cover-BAA-AMB-23",
    { A1, B1, "terrain 2,0 settlement" }, "6,6,6,4,3,4,6,6",
    { "fire a1 b1" }, NULL,
    { "roll cover b1 vs=a1 die=4 need>=4 success", "die=3 need>=4 fail", "hits b1 by=a1 n=2",
      "roll flinch b1 vs=a1 die=6 need<=2 fail (BAA-FLN-3)" },
    { NULL }, { NULL } },
  { "BAA-COV-1/wall-on-entry-side",
    { A1, B1, "side 2,0 5 wall" }, "6,1,1,3",
    { "fire a1 b1" }, NULL,
    { "roll cover b1 vs=a1 die=3 need>=4 fail", "hits b1 by=a1 n=0" }, { "roll flinch" }, { NULL } },
  { "BAA-COV-1/wall-behind-no-cover",
    { A1, B1, "side 2,0 2 wall" }, "6,1,1,6",
    { "fire a1 b1" }, NULL,
    { "hits b1 by=a1 n=1", "roll flinch b1 vs=a1 die=6 need<=1 fail (BAA-FLN-1)" },
    { "roll cover" }, { NULL } },
  { "BAA-COV-2/cover-test-form",
    { A1, B1, "side 2,0 5 hedge" }, "6,1,1,3,1,2",
    { "fire a1 b1" }, NULL,
    { "roll cover b1 vs=a1 die=3 need>=3 success", "hits b1 by=a1 n=1",
      "roll flinch b1 vs=a1 die=1 need<=1 success (BAA-FLN-3)",
      "roll flinch b1 vs=a1 die=2 need<=1 fail (BAA-FLN-3)", "stands b1" }, { NULL }, { NULL } },
  { "BAA-FIRE-7/dispersal", { A1, "unit b1 usa infantry 2/4/2 2,0" }, "5,5,1",
    { "fire a1 b1" }, NULL, { "dispersed b1 by=a1 at={2,0} (BAA-FIRE-7)" }, { NULL },
    { "b1 status=dispersed" } },
  { "BAA-FIRE-8/no-hits-no-test-BAA-AMB-21", { A1, B1 }, "1,2,3",
    { "fire a1 b1" }, NULL, { "hits b1 by=a1 n=0" }, { "roll flinch", "stands" }, { "b1 !pinned" } },
  { "BAA-AMB-21/hits-after-cover",
    { A1, B1, "terrain 2,0 woodland" }, "6,6,1,1,2",
    { "fire a1 b1" }, NULL, { "hits b1 by=a1 n=0" }, { "roll flinch" }, { NULL } },

  /* Stacks, commanders in a hit hex (BAA-FIRE-9, BAA-CDR-2/3) --------------------- */
  { "BAA-CDR-3/commander-shares-fate",
    { A1, B1, "cmd uc usa 2,0 div=5" }, "4,5,6,6",
    { "fire a1 b1" }, NULL,
    { "dispersed b1", "roll commander-fate uc die=6 need>=6 success (BAA-CDR-3)",
      "disabled uc at={2,0} (BAA-CDR-3)" }, { NULL }, { "uc status=disabled" } },
  { "BAA-CDR-3/every-commander-in-the-hex",
    { A1, B1, "cmd u1 usa 2,0 div=11", "cmd u2 usa 2,0 div=12", "cmd u3 usa 2,0 div=13",
      "cmd u4 usa 2,0 div=14", "cmd u5 usa 2,0 div=15", "cmd u6 usa 2,0 div=16",
      "cmd u7 usa 2,0 div=17", "cmd u8 usa 2,0 div=18", "cmd u9 usa 2,0 div=19" },
    "4,5,6,5,5,5,5,5,5,5,5,6",
    { "fire a1 b1" }, NULL,
    { "dispersed b1", "roll commander-fate u1 die=5", "roll commander-fate u8 die=5",
      "roll commander-fate u9 die=6 need>=6 success (BAA-CDR-3)", "disabled u9 at={2,0} (BAA-CDR-3)" },
    { NULL }, { "u8 status=active", "u9 status=disabled" } },
  { "BAA-LOS-4/every-commander-in-the-hex",
    { A1, B1, "cmd c1 csa 1,0 div=11", "cmd c2 csa 1,0 div=12", "cmd c3 csa 1,0 div=13",
      "cmd c4 csa 1,0 div=14", "cmd c5 csa 1,0 div=15", "cmd c6 csa 1,0 div=16",
      "cmd c7 csa 1,0 div=17", "cmd c8 csa 1,0 div=18", "cmd c9 csa 1,0 div=19" },
    "1,1,1,6",
    { "fire a1 b1" }, NULL,
    { "roll friendly-fire c1 vs=a1 die=6 need>=6 success (BAA-LOS-4)", "disabled c1",
      "disabled c9 at={1,0} (BAA-LOS-4)" },
    { NULL }, { "c1 status=disabled", "c9 status=disabled" } },
  { "BAA-CDR-3/commander-survives",
    { A1, B1, "cmd uc usa 2,0 div=5" }, "4,5,6,5",
    { "fire a1 b1" }, NULL,
    { "dispersed b1", "roll commander-fate uc die=5 need>=6 fail" }, { "disabled" },
    { "uc status=active", "uc at={2,0}" } },
  { "BAA-AMB-27/stacked-commander-not-a-target",
    { A1, B1, "cmd uc usa 2,0 div=5" }, NULL,
    { "fire-commander a1 uc" }, "BAA-AMB-27", { NULL }, { NULL }, { NULL } },
  { "BAA-CDR-4/out-of-range", { A1, "cmd uc usa 3,0 div=5" }, NULL,
    { "fire-commander a1 uc" }, "BAA-FIRE-3", { NULL }, { NULL }, { NULL } },
  { "BAA-CDR-4/own-commander", { A1, "cmd cc csa 2,0 div=5" }, NULL,
    { "fire-commander a1 cc" }, "BAA-CDR-4", { NULL }, { NULL }, { NULL } },
  { "BAA-CDR-5/option-off-needs-6",
    { "nooption baa.sharpshooters", "unit a1 csa infantry 2/4/3 0,0 sharp", "cmd uc usa 2,0 div=5" }, "5",
    { "fire-commander a1 uc" }, NULL, { "die=5 need>=6 fail (BAA-CDR-4)" }, { NULL }, { NULL } },
  { "BAA-CDR-2/last-unit-removes-command", { A1, B1 }, "4,5,6",
    { "fire a1 b1" }, NULL,
    { "dispersed b1", "removed usa-div (BAA-CDR-2)" }, { NULL }, { "usa-div status=removed" } },
  { "BAA-AMB-15/surrender-counts-as-dispersal",
    { "unit a1 csa infantry 2/4/3 0,-1", "unit a2 csa infantry 2/4/3 0,1",
      "unit b1 usa infantry 2/4/3 0,0" }, "4,1,1,1",
    { "phase 11", "melee a1 b1" }, NULL,
    { "surrender b1", "removed usa-div (BAA-CDR-2)" }, { NULL }, { "usa-div status=removed" } },
  { "BAA-AMB-25/commander-stays-when-unit-flinches",
    { A1, B1, "cmd uc usa 2,0 div=5" }, "4,1,1,1",
    { "fire a1 b1", "choose {3,0}" }, NULL,
    { "flinch b1 from={2,0} to={3,0}" }, { "uc from" }, { "uc at={2,0}", "b1 at={3,0}" } },
  { "BAA-FIRE-9/pair-needs-empty-hex",
    { "unit a1 csa infantry 2/2/5 0,-1", "unit b1 usa infantry 2/4/3 0,0",
      "unit b2 usa infantry 2/4/2 0,0", "unit a2 csa infantry 2/4/3 1,0",
      "unit b3 usa infantry 2/4/3 -1,1" }, "2,2,1,1,1,1",
    /* the only hex clear of attackers and ZOC, neighbour 4, holds b3 */
    { "phase 11", "melee a1 b1" }, NULL,
    { "surrender b1", "surrender b2" }, { NULL },
    { "b1 status=surrendered", "b2 status=surrendered" } },

  /* Grouped and separate attacks (BAA-FIRE-10, BAA-FIRE-11) ------------------------ */
  { "BAA-FIRE-10/cover-per-firer",
    { A1, "unit a2 csa infantry 2/4/3 2,2", "unit b1 usa infantry 2/4/4 2,0", "side 2,0 5 wall" },
    "4,1,1,2,4,1,1,1",
    /* a1 fires across the wall (reroll), a2 enters across hexside 3: no wall;
     * the flinch test takes the lower cover (open) */
    { "fire-group b1 a1 a2" }, NULL,
    { "roll cover b1 vs=a1 die=2 need>=4 fail", "hits b1 by=a1 n=0", "roll fire a2 vs=b1 die=4",
      "hits b1 by=a2 n=1", "hits b1 total n=1", "roll flinch b1 vs=a1 die=1 need<=1 success (BAA-FLN-1)" },
    { "roll cover b1 vs=a2" }, { NULL } },
  { "BAA-FIRE-11/separate-attacks-do-not-add",
    { A1, "unit a2 csa infantry 2/4/3 0,1", "unit b1 usa infantry 2/4/4 2,0" }, "4,5,1,3,6,6,1,3",
    { "fire a1 b1", "fire a2 b1" }, NULL,
    { "hits b1 by=a1 n=2", "roll flinch b1 vs=a1 die=3 need<=2 fail", "hits b1 by=a2 n=2",
      "roll flinch b1 vs=a2 die=3 need<=2 fail" }, { "dispersed" }, { "b1 status=active" } },
  { "BAA-FIRE-10/all-must-be-eligible",
    { A1, "unit a2 csa infantry 2/4/3 0,1 pinned", "unit b1 usa infantry 2/4/4 2,0" }, NULL,
    { "fire-group b1 a1 a2" }, "BAA-PIN-1", { NULL }, { NULL }, { "a1 !attacked" } },

  /* Flinch (BAA-FLN-*) ------------------------------------------------------------ */
  { "BAA-FLN-5/into-friendly-hex-BAA-AMB-16",
    { "unit a1 csa infantry 2/4/3 0,-1", "unit a2 csa infantry 2/4/3 1,0",
      "unit b1 usa infantry 2/4/3 0,0", "unit b2 usa infantry 2/4/3 -1,1" }, "4,1,1,1",
    { "phase 11", "melee a1 b1" }, NULL,
    { "flinch b1 from={0,0} to={-1,1}", "marker b1 pinned" }, { "marker b2" },
    { "b1 at={-1,1}", "b1 pinned", "b2 !pinned" } },
  { "BAA-FLN-5/full-hex",
    { "unit a1 csa infantry 2/4/3 0,-1", "unit a2 csa infantry 2/4/3 1,0",
      "unit b1 usa infantry 2/4/3 0,0", "unit b2 usa infantry 2/4/3 -1,1",
      "unit b3 usa infantry 2/4/3 -1,1" }, "4,1,1,1",
    { "phase 11", "melee a1 b1" }, NULL,
    { "surrender b1 by=a1 at={0,0} (BAA-FLN-5a)" }, { NULL }, { NULL } },
  { "BAA-FLN-5/pinned-enemy-no-zoc",
    { "unit a1 csa infantry 2/4/3 0,-1", "unit a2 csa infantry 2/4/3 1,0 pinned",
      "unit b1 usa infantry 2/4/3 0,0" }, "4,1,1,1",
    /* a2 is pinned: no ZOC, and it did not attack, so (0,1) is legal too */
    { "phase 11", "melee a1 b1" }, NULL,
    { "flinch to? side=usa" }, { NULL }, { "pending usa {0,1} {-1,1}" } },
  { "BAA-FLN-6/first-flinch-owner-chooses", { A1, B1 }, "4,2,6,2",
    { "fire a1 b1" }, NULL, { "flinch to? side=usa" }, { NULL }, { "pending usa {2,-1} {3,-1} {3,0} {2,1} {1,1}" } },
  { "BAA-FLN-6/second-flinch-attacker-chooses",
    { A1, "unit a2 csa artillery 3/4/3 0,1", "unit b1 usa infantry 2/4/4 2,0" },
    "4,5,1,1,6,6,1,1",
    { "fire a1 b1", "choose {3,0}", "fire a2 b1" }, NULL,
    { "flinch to? side=usa", "flinch b1 from={2,0} to={3,0}", "hits b1 by=a2 n=2",
      "roll flinch b1 vs=a2 die=1 need<=2 success", "flinch to? side=csa" }, { NULL },
    { "b1 flinches=1", "pending csa {3,-1} {4,-1} {4,0} {3,1} {2,1} {2,0}" } },
  { "BAA-FLN-7/open-automatic",
    { "option baa.overwhelming-fire", A1, B1 }, "4,4,1",
    { "fire a1 b1" }, NULL,
    { "hits b1 by=a1 n=2", "note b1 overwhelming fire", "flinch to? side=usa" }, { "roll flinch" },
    { NULL } },
  { "BAA-FLN-7/cover-one-die-BAA-AMB-22",
    { "option baa.overwhelming-fire", A1, B1, "terrain 2,0 woodland" }, "4,4,1,3,3,2",
    { "fire a1 b1" }, NULL,
    { "hits b1 by=a1 n=2", "roll flinch b1 vs=a1 die=2 need<=2 success (BAA-FLN-7)",
      "flinch to? side=usa" }, { "(BAA-FLN-3)" }, { NULL } },
  { "BAA-FLN-7/not-one-short",
    { "option baa.overwhelming-fire", A1, "unit b1 usa infantry 2/4/4 2,0" }, "4,4,1,3",
    { "fire a1 b1" }, NULL,
    { "roll flinch b1 vs=a1 die=3 need<=2 fail (BAA-FLN-1)" }, { "overwhelming" }, { NULL } },
  { "BAA-FLN-7/fortification-exempt",
    { "option baa.overwhelming-fire", A1, B1, "feature 2,0 fortbld" }, "5,5,1,5,5",
    { "fire a1 b1" }, NULL,
    { "hits b1 by=a1 n=2", "stands b1 (BAA-FLN-4)" }, { "overwhelming", "roll flinch" }, { NULL } },
  { "BAA-FLN-2/exemptions", { "option baa.indomitable", A1, "unit b1 usa infantry 2/4/4 2,0 ind",
      "feature 2,0 fort" }, "6,6,1,6,6",
    { "fire a1 b1" }, NULL, { "hits b1 by=a1 n=2", "stands b1 (BAA-FLN-8)" }, { "roll flinch" }, { NULL } },

  /* Melee (BAA-MEL-*) --------------------------------------------------------------- */
  { "BAA-MEL-1/not-adjacent", { A1, B1 }, NULL,
    { "phase 11", "melee a1 b1" }, "BAA-MEL-1", { NULL }, { NULL }, { "a1 !required" } },
  { "BAA-MEL-2/nic-must-melee",
    { "unit a1 csa infantry 2/4/3 0,0 nic", "unit b1 usa infantry 2/4/3 1,0" }, "4,4,4,6",
    { "phase 11", "melee a1 b1" }, NULL,
    { "attack b1 melee by=a1 at={1,0} dice=3 (BAA-MEL-3)", "dispersed b1" }, { NULL },
    { "b1 status=dispersed", "a1 !required" } },
  { "BAA-MEL-2/required-until-attacked",
    { A1, "unit b1 usa infantry 2/4/3 1,0" }, NULL,
    { "phase 11" }, NULL, { NULL }, { NULL }, { "a1 required", "b1 !required" } },
  { "BAA-AMB-17/pinned-makes-no-melee",
    { "unit a1 csa infantry 2/4/3 0,0 pinned", "unit b1 usa infantry 2/4/3 1,0" }, NULL,
    { "phase 11", "melee a1 b1" }, "BAA-AMB-17", { NULL }, { NULL }, { "a1 !required" } },
  { "BAA-AMB-20/only-active-side",
    { A1, "unit b1 usa infantry 2/4/3 1,0" }, NULL,
    { "phase 11", "melee b1 a1" }, "BAA-AMB-20", { NULL }, { NULL }, { "b1 !required" } },
  { "BAA-MEL-3/cover-in-melee",
    { A1, "unit b1 usa infantry 2/4/3 1,0", "terrain 1,0 woodland" }, "4,4,1,1,1",
    { "phase 11", "melee a1 b1" }, NULL,
    { "roll cover b1 vs=a1 die=1 need>=3 fail", "hits b1 by=a1 n=0" }, { NULL }, { NULL } },
  { "BAA-MEL-3/group-must-be-adjacent",
    { "unit a1 csa infantry 2/4/3 0,-1", "unit a2 csa infantry 2/4/3 2,-1",
      "unit b1 usa infantry 2/4/3 0,0" }, NULL,
    { "phase 11", "melee-group b1 a1 a2" }, "BAA-MEL-1", { NULL }, { NULL }, { "a1 !attacked" } },
  { "BAA-MEL-4/choose-opponent",
    { A1, "unit b1 usa infantry 2/4/3 1,0", "unit b2 usa infantry 2/4/3 -1,0" }, "1,1,1",
    { "phase 11", "melee a1 b2" }, NULL,
    { "attack b2 melee by=a1" }, { NULL }, { "a1 !required" } },
  { "BAA-MEL-6/flinch-ends-contact",
    { "unit a1 csa infantry 2/4/3 0,-1", "unit a2 csa infantry 2/4/3 1,0",
      "unit b1 usa infantry 2/4/3 0,0" }, "4,1,1,1",
    { "phase 11", "melee a1 b1" }, NULL,
    { "flinch b1 from" }, { NULL }, { "b1 at={-1,1}", "a2 !required" } },

  /* Fortifications (BAA-FORT-*) --------------------------------------------------- */
  { "BAA-FORT-1/cover-5", { A1, B1, "feature 2,0 fort" }, "6,6,6,5,4,6",
    { "fire a1 b1" }, NULL,
    { "roll cover b1 vs=a1 die=5 need>=5 success", "die=4 need>=5 fail", "hits b1 by=a1 n=2",
      "stands b1 (BAA-FLN-4)" }, { NULL }, { NULL } },
  { "BAA-FORT-2/artillery-only", { A1, "feature 2,0 fort" }, NULL,
    { "breach a1 {2,0} 5" }, "BAA-FORT-2", { NULL }, { NULL }, { NULL } },
  { "BAA-FORT-2/occupied",
    { "unit a1 csa artillery 3/4/3 0,0", B1, "feature 2,0 fort" }, NULL,
    { "breach a1 {2,0} 5" }, "BAA-FORT-2", { NULL }, { NULL }, { NULL } },
  { "BAA-FORT-2/not-fortified", { "unit a1 csa artillery 3/4/3 0,0" }, NULL,
    { "breach a1 {2,0} 5" }, "BAA-FORT-2", { NULL }, { NULL }, { NULL } },
  { "BAA-FORT-2/far-side", { "unit a1 csa artillery 3/4/3 0,0", "feature 2,0 fort" }, NULL,
    { "breach a1 {2,0} 2" }, "BAA-FORT-2", { NULL }, { NULL }, { NULL } },
  { "BAA-FORT-3/works-hexside",
    { "unit a1 csa artillery 3/3/6 0,0", "side 2,0 5 works" }, "3,3,3,3,3,3",
    { "breach a1 {2,0} 5" }, NULL,
    { "hits by=a1 at={2,0} n=6", "breached at={2,0} n=5" }, { "roll cover" }, { "breached {2,0} 5" } },
  { "BAA-FORT-3/already-breached",
    { "unit a1 csa artillery 3/3/6 0,0", "side 2,0 5 breached" }, NULL,
    { "breach a1 {2,0} 5" }, "BAA-FORT-3", { NULL }, { NULL }, { NULL } },
  { "BAA-FORT-4/breached-soft-cover",
    { A1, B1, "feature 2,0 fort", "side 2,0 5 breached" }, "6,6,1,3,3,1,1",
    { "fire a1 b1" }, NULL,
    { "roll cover b1 vs=a1 die=3 need>=3 success", "hits b1 by=a1 n=2",
      "roll flinch b1 vs=a1 die=1 need<=2 success (BAA-FLN-3)", "flinch to? side=usa" },
    { "BAA-FLN-4" }, { NULL } },
};

/* The legal attack commands of unit `id` now, as "CMD;CMD;...". */
static char *
legal_text (Fixture    *f,
            const char *id)
{
  g_autoptr(GPtrArray) cmds = g_ptr_array_new_with_free_func ((GDestroyNotify) baa_command_free);
  GString *all = g_string_new (NULL);

  baa_combat_legal_commands (f->m, unit (f, id), cmds);
  for (guint i = 0; i < cmds->len; i++)
    {
      g_autofree char *t = baa_text (g_ptr_array_index (cmds, i));
      g_string_append_printf (all, "%s;", t);
    }
  return g_string_free (all, FALSE);
}

/* The legal attacks offered to players and to the simulator: every target
 * that fire would accept, and nothing it would refuse. */
static void
test_legal_commands (void)
{
  static const CombatCase c = {
    "legal",
    { "unit a1 csa artillery 3/4/3 0,0", "unit b1 usa infantry 2/4/3 2,0",
      "unit b2 usa infantry 2/4/3 0,3", "terrain 0,2 woodland",  /* b2 unseen */
      "unit b3 usa infantry 2/4/3 3,-3", "unit a2 csa infantry 2/4/3 3,-2", /* b3 in melee */
      "cmd uc usa -2,0 div=5", "feature -3,3 fort" },
    NULL, { NULL }, NULL, { NULL }, { NULL }, { NULL } };
  Fixture f = { 0 };
  g_autoptr(GPtrArray) cmds = g_ptr_array_new_with_free_func ((GDestroyNotify) baa_command_free);
  g_autoptr(GPtrArray) ids = g_ptr_array_new ();
  g_autoptr(GString) all = g_string_new (NULL);
  g_autofree char *breach = expand ("breach a1 {-3,3} 1");

  fixture_init (&f, &c);
  baa_combat_legal_commands (f.m, unit (&f, "a1"), cmds);
  for (guint i = 0; i < cmds->len; i++)
    {
      g_autofree char *t = baa_text (g_ptr_array_index (cmds, i));
      g_string_append_printf (all, "%s;", t);
    }
  g_test_message ("legal: %s", all->str);
  g_assert_nonnull (strstr (all->str, "fire a1 b1;"));
  g_assert_null (strstr (all->str, "fire a1 b2;"));   /* BAA-LOS-1 */
  g_assert_null (strstr (all->str, "fire a1 b3;"));   /* BAA-MEL-5 */
  g_assert_nonnull (strstr (all->str, "fire-commander a1 uc;"));
  g_assert_nonnull (strstr (all->str, breach));
  baa_combat_legal_targets (f.m, unit (&f, "a1"), ids);
  g_assert_cmpuint (ids->len, ==, 2);

  /* every offered command is accepted */
  for (guint i = 0; i < cmds->len; i++)
    {
      g_autofree char *t = baa_text (g_ptr_array_index (cmds, i));
      g_autoptr(GError) error = NULL;
      BaaUnit *a1 = unit (&f, "a1");

      a1->attacked_this_round = FALSE;
      if (!run_command (&f, t, &error))
        g_error ("%s was offered but refused: %s", t, error->message);
      baa_decision_clear (f.m);
    }

  /* phase 11: a2 must melee b3, and only b3 */
  g_ptr_array_set_size (cmds, 0);
  f.m->phase = BAA_PHASE_MELEE;
  baa_combat_legal_commands (f.m, unit (&f, "a2"), cmds);
  g_assert_cmpuint (cmds->len, ==, 1);
  {
    g_autofree char *t = baa_text (g_ptr_array_index (cmds, 0));
    g_assert_cmpstr (t, ==, "melee a2 b3");
  }
  fixture_clear (&f);
}

/* BAA-FORT-2: the breach shots offered to a unit whose range reaches beyond
 * the board (any range >= 1 is valid) are the board's fortified hexsides in
 * line of fire, found without walking the hexes of that range one by one. */
static void
test_legal_breach_long_range (void)
{
  static const CombatCase c = {
    "legal-breach-long-range",
    { "unit a1 csa artillery 100000000/4/3 0,0", "feature 3,0 fort" },
    NULL, { NULL }, NULL, { NULL }, { NULL }, { NULL } };
  Fixture f = { 0 };
  g_autofree char *all = NULL;
  g_autofree char *breach = expand ("breach a1 {3,0} 5;");

  fixture_init (&f, &c);
  all = legal_text (&f, "a1");
  g_assert_nonnull (strstr (all, breach));
  g_assert_nonnull (strstr (all, "fire a1 usa-spare;"));
  fixture_clear (&f);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/engine/baa/combat/%s", cases[i].name);
      g_test_add_data_func (path, &cases[i], test_case);
    }
  g_test_add_func ("/engine/baa/combat/legal-commands/BAA-FIRE-2/BAA-CDR-4/BAA-FORT-2/BAA-MEL-2",
                   test_legal_commands);
  g_test_add_func ("/engine/baa/combat/legal-commands/BAA-FORT-2/range-beyond-the-board",
                   test_legal_breach_long_range);
  return g_test_run ();
}
