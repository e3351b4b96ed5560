/* muster-match-input.c: the match board's traces, its pointer tool (clicks,
 * hovers, drag and drop on hexes and table points alike), keyboard cursor
 * and table clicks
 *
 * With a counter selected, the position under the pointer (or the keyboard's
 * cursor) shows the path of the engine's listed move there and its cost, or
 * else the counter's line of sight to it as the engine answers it
 * (mu_match_line_of_sight): the line, the blocking hex or point, what blocks
 * and the rule. A drag of the selected counter (or of any counter of the
 * side to act, which it selects) drops it on a position: the
 * engine's listed move when it has one, else a move command the engine
 * checks, so that a refused drop shows the engine's reason in the page's bar.
 * Nothing here decides what the rules allow.
 */
#define G_LOG_DOMAIN "muster"

#include "config.h"

#include "muster-match-page-private.h"

#include <glib/gi18n.h>
#include <math.h>

#include "mu-table-state.h"

/* Widget pixels the pointer moves before a press on the selected counter
 * becomes a drag. */
#define DRAG_THRESHOLD 8.0
/* Widget pixels around a marked destination on a table that a click takes as it. */
#define SPOT_RADIUS 8.0

static const char *
block_name (MuSightBlock block)
{
  switch (block)
    {
    case MU_SIGHT_TERRAIN:
      return _("terrain");
    case MU_SIGHT_UNIT:
      return _("a unit");
    case MU_SIGHT_ELEVATION:
      return _("higher ground");
    case MU_SIGHT_CREST:
      return _("a crest line");
    case MU_SIGHT_CLEAR:
    case MU_SIGHT_N:
    default:
      return _("nothing");
    }
}

static gboolean
board_busy (MusterMatchPage *self)
{
  return self->handover.side != NULL || self->replay.bar != NULL || muster_game_is_over (self->game);
}

void
muster_match_input_trace (MusterMatchPage *self,
                          const MuPos     *pos,
                          const MuCommand *move,
                          const char      *label)
{
  MusterTrace trace = { MUSTER_TRACE_NONE, .mark_hex = MU_HEX_NONE };
  g_autoptr(GArray) points = g_array_new (FALSE, FALSE, sizeof (MuPoint));
  g_autofree char *text = NULL;
  const MuCounterView *me = muster_match_board_find_view (self, self->selection.id);
  MuPoint p;

  g_clear_pointer (&self->sight_text, g_free);
  if (pos == NULL || me == NULL || !mu_pos_is_set (&me->pos) || board_busy (self))
    {
      muster_scene_set_trace (self->scene, NULL);
      return;
    }
  if (move != NULL)
    {
      /* the path the engine listed: the counter's position, then each step */
      muster_map_view_pos_to_board (self->map_view, &me->pos, &p);
      g_array_append_val (points, p);
      for (guint i = 0; i < mu_command_n_args (move); i++)
        {
          const MuArg *arg = mu_command_arg (move, i);

          if (arg->kind == MU_ARG_POS || (arg->kind == MU_ARG_STEP && arg->move == MU_MOVE_TO))
            {
              muster_map_view_pos_to_board (self->map_view, &arg->pos, &p);
              g_array_append_val (points, p);
            }
        }
      trace.kind = MUSTER_TRACE_PATH;
      trace.label = label;
    }
  else
    {
      MuSight sight;

      if (!mu_match_line_of_sight (muster_game_get_match (self->game), self->selection.id, pos, &sight, NULL))
        {
          muster_scene_set_trace (self->scene, NULL);
          return;
        }
      muster_map_view_pos_to_board (self->map_view, &sight.from, &p);
      g_array_append_val (points, p);
      muster_map_view_pos_to_board (self->map_view, &sight.to, &p);
      g_array_append_val (points, p);
      trace.kind = MUSTER_TRACE_SIGHT;
      trace.blocked = !sight.clear;
      if (sight.clear)
        /* Translators: the line of sight is clear; the rule id */
        text = g_strdup_printf (_("In sight (%s)"), sight.rule);
      else if (sight.unit != NULL)
        /* Translators: what blocks the line of sight, the blocking counter, why, the rule id */
        text = g_strdup_printf (_("Blocked by %s (%s): %s (%s)"), block_name (sight.block), sight.unit,
                                sight.reason ? sight.reason : "", sight.rule);
      else
        /* Translators: what blocks the line of sight, why, the rule id */
        text = g_strdup_printf (_("Blocked by %s: %s (%s)"), block_name (sight.block),
                                sight.reason ? sight.reason : "", sight.rule);
      if (!sight.clear)
        {
          /* blocked at a place, or from the start (an edge rule of the heights) */
          trace.mark = g_array_index (points, MuPoint, 0);
          if (sight.has_blocker)
            muster_map_view_pos_to_board (self->map_view, &sight.blocker, &trace.mark);
          if (sight.has_blocker && !sight.blocker.is_point)
            trace.mark_hex = sight.blocker.hex;
        }
      trace.label = text;
      self->sight_text = g_strdup (text);
      mu_sight_clear (&sight);
    }
  trace.points = (const MuPoint *) points->data;
  trace.n_points = points->len;
  muster_scene_set_trace (self->scene, &trace);
}

gboolean
muster_match_input_attack_trace (MusterMatchPage *self,
                                 const MuCommand *attack)
{
  const MuScenario *s = muster_game_get_scenario (self->game);
  g_autoptr(GArray) path = mu_match_attack_path (muster_game_get_match (self->game), attack);
  g_autoptr(GArray) points = NULL;
  g_autofree char *label = NULL;
  const MuPos *a, *b;
  MusterTrace trace = { MUSTER_TRACE_PATH, .mark_hex = MU_HEX_NONE };

  if (path == NULL || path->len < 2 || board_busy (self))
    return FALSE;
  points = g_array_sized_new (FALSE, FALSE, sizeof (MuPoint), path->len);
  for (guint i = 0; i < path->len; i++)
    {
      MuPoint p;

      muster_map_view_pos_to_board (self->map_view, &g_array_index (path, MuPos, i), &p);
      g_array_append_val (points, p);
    }
  /* the last leg is the move the dice must cover; the legs before it are
   * the unit's own facing or formation change */
  a = &g_array_index (path, MuPos, path->len - 2);
  b = &g_array_index (path, MuPos, path->len - 1);
  /* Translators: the target's name, the distance to contact and "in" or
   * "cm" (the abbreviation after a number) */
  label = g_strdup_printf (_("%s: %.2f %s to contact"),
                           muster_match_board_counter_name (self, mu_command_word (attack, 1)),
                           hypot (b->point.x - a->point.x, b->point.y - a->point.y),
                           s->table != NULL && s->table->unit == MU_UNIT_CM ? _("cm") : _("in"));
  g_clear_pointer (&self->sight_text, g_free);
  trace.points = (const MuPoint *) points->data;
  trace.n_points = points->len;
  trace.label = label;
  muster_scene_set_trace (self->scene, &trace);
  return TRUE;
}

/* The region the selected unit may move into (the engine's, in table units)
 * in board pixels, or NULL. */
static MuRegion *
board_area (MusterMatchPage *self)
{
  MuMatch *match = muster_game_get_match (self->game);
  g_autoptr(MuRegion) area = NULL;
  MuRegion *out;

  if (self->selection.id == NULL || (area = mu_match_legal_region (match, self->selection.id)) == NULL)
    return NULL;
  out = mu_region_new ();
  for (guint i = 0; i < mu_region_n_polygons (area); i++)
    for (guint h = 0; h <= mu_region_n_holes (area, i); h++)
      {
        const GArray *ring = h == 0 ? mu_region_get_outer (area, i) : mu_region_get_hole (area, i, h - 1);
        g_autoptr(GArray) px = g_array_sized_new (FALSE, FALSE, sizeof (MuPoint), ring->len);

        for (guint k = 0; k < ring->len; k++)
          {
            MuPos pos = mu_pos_from_point (g_array_index (ring, MuPoint, k).x,
                                           g_array_index (ring, MuPoint, k).y, -1);
            MuPoint b;

            muster_map_view_pos_to_board (self->map_view, &pos, &b);
            g_array_append_val (px, b);
          }
        if (h == 0)
          mu_region_add_polygon (out, (const MuPoint *) px->data, px->len);
        else
          mu_region_add_hole (out, mu_region_n_polygons (out) - 1, (const MuPoint *) px->data, px->len);
      }
  return out;
}

void
muster_match_input_table_marks (MusterMatchPage *self,
                                GArray          *moves)
{
  g_autoptr(GArray) spots = g_array_new (FALSE, FALSE, sizeof (MuPoint));

  if (self->selection.table_moves == NULL)
    self->selection.table_moves = g_array_new (FALSE, FALSE, sizeof (MuPos));
  g_array_set_size (self->selection.table_moves, 0);
  for (guint i = 0; moves != NULL && i < moves->len; i++)
    {
      const MuPos *pos = &g_array_index (moves, MuPos, i);
      MuPoint p;

      if (!pos->is_point)
        continue;
      g_array_append_val (self->selection.table_moves, *pos);
      muster_map_view_pos_to_board (self->map_view, pos, &p);
      g_array_append_val (spots, p);
    }
  muster_scene_set_spots (self->scene, (const MuPoint *) spots->data, spots->len);
  muster_scene_set_area (self->scene, moves != NULL ? board_area (self) : NULL);
}

/* The selected unit's front arc as the engine answers it
 * (mu_match_front_arc), in board pixels, labelled with its rule. */
static void
front_arc (MusterMatchPage *self)
{
  g_autoptr(GArray) table = g_array_new (FALSE, FALSE, sizeof (MuPoint));
  g_autoptr(GArray) segments = g_array_new (FALSE, FALSE, sizeof (MuPoint));
  g_autofree char *label = NULL;
  const char *rule = NULL;

  if (self->selection.id == NULL ||
      !mu_match_front_arc (muster_game_get_match (self->game), self->selection.id, table, &rule))
    {
      muster_scene_set_arc (self->scene, NULL, 0, NULL);
      return;
    }
  for (guint i = 0; i < table->len; i++)
    {
      const MuPoint *t = &g_array_index (table, MuPoint, i);
      MuPos pos = mu_pos_from_point (t->x, t->y, -1);
      MuPoint p;

      muster_map_view_pos_to_board (self->map_view, &pos, &p);
      g_array_append_val (segments, p);
    }
  /* Translators: a unit's name and the rule that draws its arc */
  label = g_strdup_printf (_("Front arc of %s, to its fire's reach (%s)"),
                           muster_match_board_counter_name (self, self->selection.id), rule ? rule : "");
  muster_scene_set_arc (self->scene, (const MuPoint *) segments->data, segments->len, label);
}

/* The command radius ------------------------------------------------------------- */

/* The selected counter's command radius as the engine answers it
 * (mu_match_command_radius): on a hex board, the edges between the hexes
 * within reach of its commander and those beyond; on a table, a circle. */
void
muster_match_input_range (MusterMatchPage *self)
{
  const MuScenario *s = muster_game_get_scenario (self->game);
  g_autoptr(GArray) segments = g_array_new (FALSE, FALSE, sizeof (MuPoint));
  g_autofree char *label = NULL;
  MuCommandRadius r;

  front_arc (self);
  if (self->selection.id == NULL ||
      !mu_match_command_radius (muster_game_get_match (self->game), self->selection.id, &r))
    {
      muster_scene_set_range (self->scene, NULL, 0, NULL);
      return;
    }
  if (!r.centre.is_point && s->hex_map != NULL)
    {
      const MuHexGrid *grid = &s->hex_map->grid;
      double size = MUSTER_MAP_VIEW_HEX_SIZE;

      for (int col = 1; col <= grid->cols; col++)
        for (int row = 1; row <= grid->rows; row++)
          {
            MuHex h = { col, row };
            double cx, cy;

            if (mu_hex_distance (grid, h, r.centre.hex) > (int) r.radius)
              continue;
            mu_hex_center (grid, size, h, &cx, &cy);
            for (int k = 0; k < 6; k++)
              {
                MuPoint a, b;
                MuHex other;

                mu_hex_corner (grid, size, h, k, &a.x, &a.y);
                mu_hex_corner (grid, size, h, (k + 1) % 6, &b.x, &b.y);
                /* the hex across this edge: this centre mirrored in the edge */
                other = mu_hex_at_pixel (grid, size, a.x + b.x - cx, a.y + b.y - cy);
                if (other.col >= 1 && other.col <= grid->cols && other.row >= 1 && other.row <= grid->rows &&
                    mu_hex_distance (grid, other, r.centre.hex) <= (int) r.radius)
                  continue;
                g_array_append_val (segments, a);
                g_array_append_val (segments, b);
              }
          }
      /* Translators: a commander's name, its range in hexes and the rule */
      label = g_strdup_printf (ngettext ("Command range of %s: %d hex (%s)", "Command range of %s: %d hexes (%s)",
                                         (int) r.radius),
                               muster_match_board_counter_name (self, r.commander), (int) r.radius, r.rule);
    }
  else if (r.centre.is_point)
    {
      /* measured from the base: the circle holds only points in range */
      MuPos edge = mu_pos_from_point (r.centre.point.x + r.radius + r.from_edge, r.centre.point.y, -1);
      MuPoint c, e;
      double radius;

      muster_map_view_pos_to_board (self->map_view, &r.centre, &c);
      muster_map_view_pos_to_board (self->map_view, &edge, &e);
      radius = hypot (e.x - c.x, e.y - c.y);
      for (int k = 0; k < 72; k++)
        {
          MuPoint a = { c.x + radius * cos (k * G_PI / 36), c.y + radius * sin (k * G_PI / 36) };
          MuPoint b = { c.x + radius * cos ((k + 1) * G_PI / 36), c.y + radius * sin ((k + 1) * G_PI / 36) };

          g_array_append_val (segments, a);
          g_array_append_val (segments, b);
        }
      /* Translators: a commander's name, its range, "in" or "cm" (the
       * abbreviation after a number) and the rule */
      label = g_strdup_printf (_("Command range of %s: %g %s from its base (%s)"),
                               muster_match_board_counter_name (self, r.commander), r.radius,
                               s->table != NULL && s->table->unit == MU_UNIT_CM ? _("cm") : _("in"), r.rule);
    }
  muster_scene_set_range (self->scene, (const MuPoint *) segments->data, segments->len, label);
}

/* The table's discs the engine keeps (mu_match_get_table_state's point
 * markers: smoke with its radius) on the board of the match shown. */
void
muster_match_input_discs (MusterMatchPage *self,
                          MuMatch         *match)
{
  const MuTableState *state = mu_match_get_table_state (match);
  const GArray *markers = state != NULL ? mu_table_state_markers (state) : NULL;
  g_autoptr(GArray) discs = g_array_new (FALSE, FALSE, sizeof (MusterDisc));

  for (guint i = 0; markers != NULL && i < markers->len; i++)
    {
      const MuPointMarker *mk = &g_array_index (markers, MuPointMarker, i);
      MuPos centre = mu_pos_from_point (mk->at.x, mk->at.y, -1);
      MuPos edge = mu_pos_from_point (mk->at.x + mk->radius, mk->at.y, -1);
      MuPoint c, e;
      MusterDisc d;

      muster_map_view_pos_to_board (self->map_view, &centre, &c);
      muster_map_view_pos_to_board (self->map_view, &edge, &e);
      d.centre = c;
      d.radius = hypot (e.x - c.x, e.y - c.y);
      d.kind = mk->kind;
      g_array_append_val (discs, d);
    }
  muster_scene_set_discs (self->scene, (const MusterDisc *) discs->data, discs->len);
}

const char *
muster_match_page_get_range_text (MusterMatchPage *self)
{
  g_return_val_if_fail (MUSTER_IS_MATCH_PAGE (self), NULL);
  return muster_scene_get_range_label (self->scene);
}

const char *
muster_match_page_get_sight_text (MusterMatchPage *self)
{
  g_return_val_if_fail (MUSTER_IS_MATCH_PAGE (self), NULL);
  return self->sight_text;
}

/* Tables ---------------------------------------------------------------------- */

/* The move verb of a click at pos: "move" when the selected counter's
 * listed commands have it; else, where a ruleset moves by several verbs
 * (toy-soldiers' adjust, forward, fall-back, ...), the verb of the listed
 * move that ends nearest pos; "move" when none is listed now. */
static const char *
move_verb (MusterMatchPage *self,
           const MuPos     *pos)
{
  const MuRuleset *ruleset = muster_game_get_ruleset (self->game);
  const char *nearest = NULL;
  double best = G_MAXDOUBLE;

  for (guint i = 0; self->selection.commands != NULL && i < self->selection.commands->len; i++)
    {
      const MuCommand *c = g_ptr_array_index (self->selection.commands, i);
      const MuVerbInfo *verb = mu_ruleset_find_verb (ruleset, mu_command_get_verb (c));
      const MuArg *last = mu_command_n_args (c) > 1 ? mu_command_arg (c, mu_command_n_args (c) - 1) : NULL;

      if (verb == NULL || !(verb->flags & MU_VERB_MOVE))
        continue;
      if (g_str_equal (verb->verb, "move"))
        return verb->verb;
      if (pos->is_point && last != NULL && last->pos.is_point &&
          (last->kind == MU_ARG_POS || (last->kind == MU_ARG_STEP && last->move == MU_MOVE_TO)) &&
          hypot (last->pos.point.x - pos->point.x, last->pos.point.y - pos->point.y) < best)
        {
          best = hypot (last->pos.point.x - pos->point.x, last->pos.point.y - pos->point.y);
          nearest = verb->verb;
        }
    }
  return nearest != NULL ? nearest : "move";
}

/* The move of the selected counter to pos, for the engine to check: tables
 * keep the counter's facing (`move ID @X,Y/F`). NULL without a selection. */
static MuCommand *
move_command (MusterMatchPage *self,
              MuPos            pos)
{
  const MuCounterView *me = muster_match_board_find_view (self, self->selection.id);
  MuCommand *c;

  if (me == NULL)
    return NULL;
  c = mu_command_new (move_verb (self, &pos));
  mu_command_add_word (c, self->selection.id);
  if (pos.is_point)
    {
      pos = mu_pos_from_point (pos.point.x, pos.point.y, me->pos.has_facing ? me->pos.facing : -1);
      mu_command_add_step (c, MU_MOVE_TO, &pos, 0, NULL);
    }
  else
    mu_command_add_pos (c, &pos);
  return c;
}

/* The selected counter moved to pos by a command the engine checks when it
 * is applied: a refusal shows its reason in the bar. */
static void
move_selected_to (MusterMatchPage *self,
                  MuPos            pos)
{
  g_autoptr(MuCommand) c = move_command (self, pos);

  if (c != NULL)
    muster_match_page_play (self, c);
}

static gboolean snap_to_spot (MusterMatchPage *self, MuPoint *point);
static void     drop_at      (MusterMatchPage *self, const MuPos *pos);


void
muster_match_page_click_point (MusterMatchPage *self,
                               MuPoint          point,
                               const char      *piece)
{
  const MuCommand *attack;

  g_return_if_fail (MUSTER_IS_MATCH_PAGE (self));

  if (board_busy (self))
    return;
  if (piece != NULL)
    {
      const char *const *targets = muster_match_page_get_targets (self);

      for (guint i = 0; self->selection.id != NULL && targets != NULL && targets[i] != NULL; i++)
        if (g_str_equal (targets[i], piece) && (attack = muster_match_board_attack_on (self, piece)) != NULL)
          {
            /* an attack that moves into contact shows its path first; the
             * second click on the same target confirms it */
            if (g_strcmp0 (self->selection.armed, piece) != 0 && muster_match_input_attack_trace (self, attack))
              {
                g_autofree char *sentence = muster_match_board_describe (self, attack);

                g_free (self->selection.armed);
                self->selection.armed = g_strdup (piece);
                /* Translators: a charge's sentence ("6th Wisconsin charges 4th Virginia") */
                muster_match_board_set_hint (self, g_strdup_printf (_("%s? Click the target again to confirm, "
                                                                      "elsewhere to cancel."), sentence));
                return;
              }
            g_clear_pointer (&self->selection.armed, g_free);
            muster_match_page_play (self, attack);
            return;
          }
      if (g_strcmp0 (piece, self->selection.id) != 0)
        muster_match_page_select (self, piece);
      return;
    }
  if (self->selection.id == NULL)
    return;
  if (self->selection.armed != NULL)
    {
      /* a click beside the target cancels the charge shown */
      g_clear_pointer (&self->selection.armed, g_free);
      muster_scene_set_trace (self->scene, NULL);
      muster_match_board_set_hint (self, NULL);
      return;
    }
  snap_to_spot (self, &point);
  move_selected_to (self, mu_pos_from_point (point.x, point.y, -1));
}

/* A point on a marked destination (the engine's listed moves) means that
 * point, not the pixel's rounding of it, which may lie a hair beyond the
 * unit's reach: *point becomes it, and TRUE. */
static gboolean
snap_to_spot (MusterMatchPage *self,
              MuPoint         *point)
{
  MuPos unit = mu_pos_from_point (1, 0, -1), origin = mu_pos_from_point (0, 0, -1);
  MuPoint a, b;
  double per_unit, best = G_MAXDOUBLE;
  MuPoint found = *point;

  muster_map_view_pos_to_board (self->map_view, &unit, &a);
  muster_map_view_pos_to_board (self->map_view, &origin, &b);
  per_unit = (a.x - b.x) * muster_map_view_get_zoom (self->map_view);
  for (guint i = 0; per_unit > 0 && self->selection.table_moves != NULL && i < self->selection.table_moves->len; i++)
    {
      const MuPos *to = &g_array_index (self->selection.table_moves, MuPos, i);
      double d = hypot (to->point.x - point->x, to->point.y - point->y) * per_unit;

      if (d <= SPOT_RADIUS && d < best)
        {
          best = d;
          found = to->point;
        }
    }
  *point = found;
  return best < G_MAXDOUBLE;
}

void
muster_match_page_hover_point (MusterMatchPage *self,
                               MuPoint          point)
{
  MuPos pos = mu_pos_from_point (point.x, point.y, -1);

  g_return_if_fail (MUSTER_IS_MATCH_PAGE (self));

  /* the charge shown stays until it is confirmed or cancelled */
  if (mu_pos_equal (&pos, &self->pointer.hover_pos) || self->selection.id == NULL || self->selection.armed != NULL)
    return;
  self->pointer.hover_pos = pos;
  if (snap_to_spot (self, &point))
    {
      /* a marked destination: the straight move there, as the engine checks it */
      g_autoptr(MuCommand) move = move_command (self, mu_pos_from_point (point.x, point.y, -1));
      MuPos to = mu_pos_from_point (point.x, point.y, -1);
      MuCheck check = { 0 };
      char label[64];
      g_autofree char *cost = NULL;

      mu_pos_format (&to, label, sizeof label);
      muster_game_check (self->game, move, &check);
      cost = muster_match_board_cost_text (&check);
      muster_match_input_trace (self, &to, move, cost ? cost : check.legal ? _("Move here") : check.reason);
      if (cost)
        /* Translators: a table point and what the move there costs ("cost 7.90 of 8.00 in") */
        muster_match_board_set_hint (self, g_strdup_printf (_("Move to %s: %s"), label, cost));
      else if (check.legal)
        muster_match_board_set_hint (self, g_strdup_printf (_("Move to %s"), label));
      else
        muster_match_board_set_hint (self, g_strdup_printf (_("Move to %s: %s"), label,
                                                            check.reason ? check.reason : ""));
      mu_check_clear (&check);
      return;
    }
  muster_match_input_trace (self, &pos, NULL, NULL);
  if (self->sight_text != NULL)
    muster_match_board_set_hint (self, g_strdup (self->sight_text));
}

/* Drag and drop ---------------------------------------------------------------- */

/* The match's pointer tool on the board (muster-map-tool.h): the map view
 * reports presses, drags, releases and motion with the hex or table point
 * already picked, so hexes and tables share this one path. */
#define MUSTER_TYPE_MATCH_TOOL (muster_match_tool_get_type ())
G_DECLARE_FINAL_TYPE (MusterMatchTool, muster_match_tool, MUSTER, MATCH_TOOL, GObject)

struct _MusterMatchTool
{
  GObject parent_instance;

  MusterMatchPage *page;        /* weak: the page owns the view that holds the tool */
};

/* The counter whose piece is under the pointer, or NULL. */
static const MuCounter *
piece_at (MusterMatchPage        *self,
          const MusterMapPointer *pointer)
{
  guint n;
  const MuPiece *pieces = muster_scene_get_pieces (self->scene, &n);

  if (!pointer->picked || pointer->piece < 0 || (guint) pointer->piece >= n)
    return NULL;
  return pieces[pointer->piece].counter;
}

/* The hex under the pointer: a counter drawn over the edge of its hex
 * belongs to its own hex. */
static gboolean
pointer_hex (MusterMatchPage        *self,
             const MusterMapPointer *pointer,
             MuHex                  *hex)
{
  guint n;
  const MuPiece *pieces;

  if (!pointer->picked || !pointer->pick.on_board)
    return FALSE;
  pieces = muster_scene_get_pieces (self->scene, &n);
  *hex = pointer->piece >= 0 && (guint) pointer->piece < n ? pieces[pointer->piece].hex : pointer->pick.hex;
  return TRUE;
}

/* A press followed: a drag begins on the selected counter, or on any
 * counter of the side to act, which it selects once the press becomes a
 * drag; the drop is then its move (or the engine's reason it may not).
 * A press that does not become a drag is a click. */
static MusterMapPress
match_tool_press (MusterMapTool          *tool,
                  const MusterMapPointer *pointer)
{
  MusterMatchPage *self = MUSTER_MATCH_TOOL (tool)->page;
  const MuCounter *counter;

  if (self == NULL)
    return MUSTER_MAP_PRESS_IGNORE;
  counter = board_busy (self) ? NULL : piece_at (self, pointer);
  g_clear_pointer (&self->pointer.drag_select, g_free);
  self->pointer.drag_on = FALSE;
  if (counter != NULL && g_strcmp0 (counter->id, self->selection.id) == 0)
    self->pointer.drag_on = TRUE;
  else if (counter != NULL && counter->side != NULL &&
           g_strcmp0 (counter->side, muster_game_get_awaited_side (self->game)) == 0)
    {
      self->pointer.drag_on = TRUE;
      self->pointer.drag_select = g_strdup (counter->id);
    }
  self->pointer.drag_x = pointer->x;
  self->pointer.drag_y = pointer->y;
  return MUSTER_MAP_PRESS_FOLLOW;
}

/* TRUE once the press is a drag of a counter, not a click. */
static gboolean
match_tool_drag (MusterMapTool          *tool,
                 const MusterMapPointer *pointer)
{
  MusterMatchPage *self = MUSTER_MATCH_TOOL (tool)->page;

  if (self == NULL || !self->pointer.drag_on || hypot (pointer->dx, pointer->dy) < DRAG_THRESHOLD)
    return FALSE;
  if (self->pointer.drag_select != NULL)
    {
      g_autofree char *id = g_steal_pointer (&self->pointer.drag_select);

      muster_match_page_select (self, id);
    }
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self->map_view), "grabbing");
  if (pointer->picked && pointer->pick.on_board)
    {
      if (pointer->pos.is_point)
        muster_match_page_hover_point (self, pointer->pos.point);
      else
        muster_match_page_hover_hex (self, pointer->pos.hex);
    }
  return TRUE;
}

/* A click: on a table the point and the counter there, on a hex board the
 * hex (Shift adds to the group). */
static void
click (MusterMatchPage        *self,
       const MusterMapPointer *pointer)
{
  MuHex hex;

  if (muster_game_get_scenario (self->game)->board == MU_BOARD_TABLE)
    {
      if (pointer->picked && pointer->pick.on_board)
        muster_match_page_click_point (self, pointer->pick.table, pointer->piece_id);
      return;
    }
  if (!pointer_hex (self, pointer, &hex))
    {
      muster_match_page_select (self, NULL);
      return;
    }
  muster_match_page_click_hex (self, hex, (pointer->state & GDK_SHIFT_MASK) != 0);
}

static void
match_tool_release (MusterMapTool          *tool,
                    const MusterMapPointer *pointer)
{
  MusterMatchPage *self = MUSTER_MATCH_TOOL (tool)->page;
  double moved = hypot (pointer->dx, pointer->dy);
  gboolean dropped;
  int click_distance = 5;

  if (self == NULL)
    return;
  dropped = self->pointer.drag_on && moved >= DRAG_THRESHOLD;
  self->pointer.drag_on = FALSE;
  g_clear_pointer (&self->pointer.drag_select, g_free);
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self->map_view), NULL);
  if (dropped)
    {
      muster_map_view_quiet_tooltip (self->map_view, pointer->x, pointer->y);
      /* the view picked the position already; off the board it is unset */
      if (pointer->picked && pointer->pick.on_board)
        drop_at (self, &pointer->pos);
      return;
    }
  /* a press that wandered further than a double click may is no click,
   * as GTK's click gestures take it */
  g_object_get (gtk_widget_get_settings (GTK_WIDGET (self->map_view)),
                "gtk-double-click-distance", &click_distance, NULL);
  if (moved <= click_distance)
    click (self, pointer);
}

static void
match_tool_motion (MusterMapTool          *tool,
                   const MusterMapPointer *pointer)
{
  MusterMatchPage *self = MUSTER_MATCH_TOOL (tool)->page;
  MuHex hex;

  if (self == NULL)
    return;
  if (muster_game_get_scenario (self->game)->board == MU_BOARD_TABLE)
    {
      if (pointer->picked && pointer->pick.on_board)
        muster_match_page_hover_point (self, pointer->pick.table);
      return;
    }
  if (pointer_hex (self, pointer, &hex))
    muster_match_page_hover_hex (self, hex);
}

static void
muster_match_tool_iface_init (MusterMapToolInterface *iface)
{
  iface->press = match_tool_press;
  iface->drag = match_tool_drag;
  iface->release = match_tool_release;
  iface->motion = match_tool_motion;
}

G_DEFINE_FINAL_TYPE_WITH_CODE (MusterMatchTool, muster_match_tool, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (MUSTER_TYPE_MAP_TOOL, muster_match_tool_iface_init))

static void
muster_match_tool_dispose (GObject *object)
{
  MusterMatchTool *self = MUSTER_MATCH_TOOL (object);

  g_clear_weak_pointer (&self->page);
  G_OBJECT_CLASS (muster_match_tool_parent_class)->dispose (object);
}

static void
muster_match_tool_class_init (MusterMatchToolClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = muster_match_tool_dispose;
}

static void
muster_match_tool_init (MusterMatchTool *self)
{
}

/* What the pointer is over during a drag, as a hover shows it. */
static gboolean
pointer_pos (MusterMatchPage *self,
             double           x,
             double           y,
             MuPos           *pos)
{
  MusterPick pick;

  if (!muster_map_view_pick (self->map_view, x, y, &pick, NULL) || !pick.on_board)
    return FALSE;
  if (muster_game_get_scenario (self->game)->board == MU_BOARD_TABLE)
    *pos = mu_pos_from_point (pick.table.x, pick.table.y, -1);
  else
    *pos = mu_pos_from_hex (pick.hex);
  return TRUE;
}

/* The selected counter dropped on `pos`: the engine's listed move there,
 * else a move command the engine checks. */
static void
drop_at (MusterMatchPage *self,
         const MuPos     *pos)
{
  const MuCounterView *me = muster_match_board_find_view (self, self->selection.id);
  const MuCommand *move;

  if (me == NULL || board_busy (self) || !mu_pos_is_set (pos))
    return;
  if (!pos->is_point && mu_hex_equal (pos->hex, me->pos.hex))
    return;   /* put back where it stood */
  if (!pos->is_point && muster_match_board_is_destination (self, pos->hex) &&
      (move = muster_match_board_move_to (self, pos->hex)) != NULL)
    muster_match_page_play (self, move);
  else if (pos->is_point)
    {
      /* on a table, as a click there does: a marked destination exactly */
      MuPoint p = pos->point;

      snap_to_spot (self, &p);
      move_selected_to (self, mu_pos_from_point (p.x, p.y, -1));
    }
  else
    move_selected_to (self, *pos);
}

void
muster_match_page_drop (MusterMatchPage *self,
                        double           x,
                        double           y)
{
  MuPos pos;

  g_return_if_fail (MUSTER_IS_MATCH_PAGE (self));

  if (pointer_pos (self, x, y, &pos))
    drop_at (self, &pos);
}

/* The keyboard's cursor -------------------------------------------------------- */

static void
on_cursor_moved (MusterMapView   *view,
                 double           x,
                 double           y,
                 MusterMatchPage *self)
{
  MuHex hex;

  if (muster_map_view_get_cursor (view, &hex))
    muster_match_page_hover_hex (self, hex);
}

gboolean
muster_match_input_tab (MusterMatchPage *self,
                        int              step)
{
  GArray *views = mu_match_get_counters (muster_game_get_match (self->game));
  const char *side = muster_game_get_awaited_side (self->game);
  g_autoptr(GArray) hexes = g_array_new (FALSE, FALSE, sizeof (MuHex));
  MuHex cursor;
  int at = -1, next;

  if (side == NULL || board_busy (self) || muster_game_get_scenario (self->game)->board != MU_BOARD_HEX)
    return FALSE;
  for (guint i = 0; i < views->len; i++)
    {
      const MuCounterView *v = &g_array_index (views, MuCounterView, i);
      gboolean seen = FALSE;

      if (g_strcmp0 (v->side, side) != 0 || !mu_status_has (v->status, MU_STATUS_IN_PLAY) ||
          !mu_pos_is_set (&v->pos) || v->pos.is_point)
        continue;
      for (guint k = 0; k < hexes->len; k++)
        seen = seen || mu_hex_equal (g_array_index (hexes, MuHex, k), v->pos.hex);
      if (!seen)
        g_array_append_val (hexes, v->pos.hex);
    }
  if (muster_map_view_get_cursor (self->map_view, &cursor))
    for (guint k = 0; k < hexes->len; k++)
      if (mu_hex_equal (g_array_index (hexes, MuHex, k), cursor))
        at = (int) k;
  next = at < 0 ? (step > 0 ? 0 : (int) hexes->len - 1) : at + step;
  if (next < 0 || next >= (int) hexes->len)
    {
      muster_map_view_set_cursor (self->map_view, NULL);
      return FALSE;
    }
  muster_map_view_set_cursor (self->map_view, &g_array_index (hexes, MuHex, next));
  return TRUE;
}

void
muster_match_input_init (MusterMatchPage *self)
{
  g_autoptr(MusterMatchTool) tool = g_object_new (MUSTER_TYPE_MATCH_TOOL, NULL);

  g_set_weak_pointer (&tool->page, self);
  muster_map_view_set_tool (self->map_view, MUSTER_MAP_TOOL (tool));

  g_signal_connect_object (self->map_view, "cursor-moved", G_CALLBACK (on_cursor_moved), self, 0);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self->map_view), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Battlefield"), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  _("Arrow keys move the cursor, Tab goes from counter to counter of the "
                                    "side to act, Enter selects or acts, Escape cancels"), -1);
}
