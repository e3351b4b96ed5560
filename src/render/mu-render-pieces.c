/* mu-render-pieces.c: counters on hex boards, stacked, highlighted, cached
 *
 * Counters of one hex are drawn offset up and to the right, each a little,
 * so every counter of a stack shows; markers sit on their counter's lower
 * right corner, right of its values. With a MuRenderCache each counter's image is kept between
 * frames.
 */
#define G_LOG_DOMAIN "muster-render"

#include "config.h"

#include "mu-render-private.h"

#include <math.h>

#define COUNTER_SCALE 1.15   /* counter side in hex sizes */
#define STACK_STEP 0.12      /* stack offset per counter in hex sizes */

/* Pieces on hex boards -------------------------------------------------------------------------------- */

double
mu_render_counter_size (const MuRenderOptions *options)
{
  g_return_val_if_fail (options != NULL, 0);
  return COUNTER_SCALE * (options->hex_size > 0 ? options->hex_size : 32.0);
}

static inline guint
hex_key (MuHex h)
{
  return ((guint) h.col << 16) ^ (guint) (h.row & 0xffff);
}

/* For each piece: its place in its hex's stack and the stack's height. */
static void
stack_positions (const MuPiece *pieces,
                 guint          n,
                 guint         *level,
                 guint         *height)
{
  g_autoptr(GHashTable) counts = g_hash_table_new (g_direct_hash, g_direct_equal);

  for (guint i = 0; i < n; i++)
    {
      gpointer key = GUINT_TO_POINTER (hex_key (pieces[i].hex) + 1);
      guint k = GPOINTER_TO_UINT (g_hash_table_lookup (counts, key));
      level[i] = k;
      g_hash_table_insert (counts, key, GUINT_TO_POINTER (k + 1));
    }
  for (guint i = 0; i < n; i++)
    height[i] = GPOINTER_TO_UINT (g_hash_table_lookup (counts, GUINT_TO_POINTER (hex_key (pieces[i].hex) + 1)));
}

static void
hex_piece_rect (const MuScenario      *scenario,
                const MuRenderOptions *o,
                MuHex                  hex,
                guint                  level,
                guint                  height,
                double                *x,
                double                *y,
                double                *size)
{
  double s = o->hex_size > 0 ? o->hex_size : 32.0;
  double cs = COUNTER_SCALE * s, step = STACK_STEP * s, cx, cy;
  double shift = (height - 1) * step / 2.0;

  mu_hex_center (&scenario->hex_map->grid, s, hex, &cx, &cy);
  *x = cx - cs / 2 - shift + level * step;
  *y = cy - cs / 2 + shift - level * step;
  *size = cs;
}

void
mu_render_piece_bounds (const MuScenario      *scenario,
                        const MuRenderOptions *options,
                        const MuPiece         *pieces,
                        guint                  n_pieces,
                        guint                  index,
                        double                *x,
                        double                *y,
                        double                *width,
                        double                *height)
{
  double bx = 0, by = 0, bw = 0, bh = 0;

  g_return_if_fail (scenario != NULL && options != NULL && index < n_pieces);

  if (scenario->board == MU_BOARD_HEX && scenario->hex_map)
    {
      guint level = 0, total = 0;
      double size;

      for (guint i = 0; i < n_pieces; i++)
        if (mu_hex_equal (pieces[i].hex, pieces[index].hex))
          {
            if (i < index)
              level++;
            total++;
          }
      hex_piece_rect (scenario, options, pieces[index].hex, level, total, &bx, &by, &size);
      bw = bh = size;
    }
  else if (scenario->board == MU_BOARD_TABLE && scenario->table)
    {
      mu_render_table_piece_bounds (scenario, options, &pieces[index], &bx, &by, &bw, &bh);
    }
  if (x) *x = bx;
  if (y) *y = by;
  if (width) *width = bw;
  if (height) *height = bh;
}

int
mu_render_piece_at (const MuScenario      *scenario,
                    const MuRenderOptions *options,
                    const MuPiece         *pieces,
                    guint                  n_pieces,
                    double                 x,
                    double                 y)
{
  g_autofree guint *level = NULL;
  g_autofree guint *height = NULL;

  g_return_val_if_fail (scenario != NULL && options != NULL, -1);

  if (scenario->board != MU_BOARD_HEX || scenario->hex_map == NULL)
    {
      /* Topmost first: later pieces are drawn over earlier ones. */
      for (guint i = n_pieces; i-- > 0;)
        {
          double bx, by, bw, bh;
          mu_render_piece_bounds (scenario, options, pieces, n_pieces, i, &bx, &by, &bw, &bh);
          if (x >= bx && x < bx + bw && y >= by && y < by + bh)
            return (int) i;
        }
      return -1;
    }

  /* The stacks counted once for all pieces: mu_render_piece_bounds counts
   * the stack of each piece it is asked about, and asked about every piece
   * of a board of thousands it took tens of milliseconds a pointer move. */
  level = g_new (guint, MAX (n_pieces, 1));
  height = g_new (guint, MAX (n_pieces, 1));
  stack_positions (pieces, n_pieces, level, height);
  for (guint i = n_pieces; i-- > 0;)
    {
      double bx, by, size;

      hex_piece_rect (scenario, options, pieces[i].hex, level[i], height[i], &bx, &by, &size);
      if (x >= bx && x < bx + size && y >= by && y < by + size)
        return (int) i;
    }
  return -1;
}

void
mu_render_highlights (cairo_t               *cr,
                      const MuScenario      *scenario,
                      const MuRenderOptions *options,
                      const MuHexHighlight  *highlights,
                      guint                  n_highlights)
{
  double s;

  g_return_if_fail (cr != NULL && scenario != NULL && options != NULL);
  if (scenario->board != MU_BOARD_HEX || !scenario->hex_map || n_highlights == 0)
    return;
  s = options->hex_size > 0 ? options->hex_size : 32.0;
  cairo_save (cr);
  mu_render_apply_clip (cr, options);
  for (guint i = 0; i < n_highlights; i++)
    {
      guint32 c = highlights[i].rgba;
      double cx, cy;

      mu_hex_center (&scenario->hex_map->grid, s, highlights[i].hex, &cx, &cy);
      for (int k = 0; k < 6; k++)
        {
          double a = ((scenario->hex_map->grid.orientation == MU_HEX_FLAT_TOP ? 240.0 : 210.0) +
                      60.0 * k) * G_PI / 180.0;
          double x = cx + 0.94 * s * cos (a), y = cy + 0.94 * s * sin (a);
          if (k == 0)
            cairo_move_to (cr, x, y);
          else
            cairo_line_to (cr, x, y);
        }
      cairo_close_path (cr);
      cairo_set_source_rgba (cr, ((c >> 24) & 0xff) / 255.0, ((c >> 16) & 0xff) / 255.0,
                             ((c >> 8) & 0xff) / 255.0, (c & 0xff) / 255.0);
      cairo_fill_preserve (cr);
      cairo_set_source_rgba (cr, ((c >> 24) & 0xff) / 255.0, ((c >> 16) & 0xff) / 255.0,
                             ((c >> 8) & 0xff) / 255.0, MIN (1.0, 2.0 * (c & 0xff) / 255.0));
      cairo_set_line_width (cr, 0.08 * s);
      cairo_stroke (cr);
    }
  cairo_restore (cr);
}

static guint64
counter_key (const MuScenario *scenario,
             const MuCounter  *c,
             MuCounterStyle    style,
             int               strength,
             double            size,
             double            dev)
{
  guint64 k = mu_hash_mix (0xc0c0, style);

  k = mu_hash_mix (k, c->kind);
  k = mu_hash_mix (k, c->arm);
  k = mu_hash_mix (k, strength > 0 ? strength : c->strength);
  /* the declared values: the face's marks and numbers (baa: the
   * division a unit follows too) */
  for (guint i = 0; c->values && i < c->values->len; i++)
    {
      const MuFieldValue *v = g_ptr_array_index (c->values, i);

      k = mu_hash_string (mu_hash_string (k, v->field), v->value);
    }
  k = mu_hash_string (k, c->name);
  k = mu_hash_mix (k, mu_render_side_colour (scenario, c->side));
  k = mu_hash_double (k, size);
  return mu_hash_double (k, dev);
}

/* Draws a counter or a marker. Without a cache: vectors. With one kept
 * between frames (whole): one image per counter. With one for this call
 * only: one image per kind of counter (body, picture, marks), its numbers
 * and name drawn over it. */
static void
paint_counter (MuText           *t,
               MuRenderCache    *cache,
               gboolean          whole,
               const MuScenario *scenario,
               const MuCounter  *counter,
               const MuMarkerInfo *marker,
               const MuSide     *side,
               MuCounterStyle    style,
               int               strength,
               double            x,
               double            y,
               double            size,
               double            dev)
{
  guint64 key;
  MuSprite *sprite;
  guint parts = MU_COUNTER_PART_ALL;

  if (!cache)
    {
      if (counter)
        mu_render_counter_with (t, scenario, counter, style, strength, x, y, size, size * dev,
                                MU_COUNTER_PART_ALL);
      else
        mu_render_marker_with (t, marker, side, x, y, size, size * dev, FALSE);
      return;
    }
  if (counter && whole)
    key = counter_key (scenario, counter, style, strength, size, dev);
  else if (counter)
    {
      key = mu_hash_double (mu_render_counter_art_key (scenario, counter, style), size);
      key = mu_hash_double (key, dev);
      parts = MU_COUNTER_PART_ART;
    }
  else
    {
      key = mu_hash_mix (0x3a4e, g_str_hash (marker->id));
      key = mu_hash_mix (key, mu_render_marker_colour (marker, side));
      key = mu_hash_double (key, size);
      key = mu_hash_double (key, dev);
    }
  sprite = mu_render_cache_lookup (cache, key);
  if (!sprite)
    {
      MuText st;
      cairo_t *sc = mu_sprite_begin (t->cr, dev, 0.03 * size, 0.03 * size, 1.1 * size, 1.1 * size, &sprite);

      mu_text_init (&st, sc);
      if (counter)
        mu_render_counter_with (&st, scenario, counter, style, strength, 0, 0, size, size * dev, parts);
      else
        mu_render_marker_with (&st, marker, side, 0, 0, size, size * dev, FALSE);
      mu_text_clear (&st);
      cairo_destroy (sc);
      mu_render_cache_insert (cache, key, sprite);
    }
  mu_sprite_snap (t->cr, &x, &y);
  mu_sprite_paint (t->cr, sprite, x, y);
  if (parts == MU_COUNTER_PART_ART)
    mu_render_counter_with (t, scenario, counter, style, strength, x, y, size, size * dev,
                            MU_COUNTER_PART_TEXT);
}

/* The declared markers drawn on a piece, in the order of its words: those
 * the game has as printed pieces (a supply) or declares drawn (the rest,
 * conditions shown like markers, are the tooltip's), then its status's
 * marker. */
guint
mu_render_piece_markers (const MuRuleset     *rs,
                         const MuPiece       *p,
                         const MuMarkerInfo **out,
                         guint                max)
{
  const MuStatusInfo *st;
  const MuMarkerInfo *k;
  guint n = 0;

  if (rs == NULL)
    return 0;
  if (p->markers && *p->markers)
    {
      g_auto(GStrv) words = g_strsplit (p->markers, ",", -1);

      for (guint i = 0; words[i] && n < max; i++)
        if ((k = mu_ruleset_find_marker (rs, words[i])) != NULL && k->place == MU_MARKER_ON_COUNTER &&
            (k->supply != MU_MARKER_SUPPLY_NONE || k->drawn))
          out[n++] = k;
    }
  st = p->status;
  if (st && st->marker && n < max && (k = mu_ruleset_find_marker (rs, st->marker)) != NULL)
    out[n++] = k;
  return n;
}

void
mu_render_pieces (cairo_t               *cr,
                  const MuScenario      *scenario,
                  const MuRenderOptions *options,
                  const MuPiece         *pieces,
                  guint                  n_pieces)
{
  g_autofree guint *level = NULL;
  g_autofree guint *height = NULL;
  MuText t;
  MuRect clip;
  gboolean have_clip;
  double dev;
  MuRenderCache *cache, *own = NULL;
  gboolean whole;
  const MuRuleset *ruleset;

  g_return_if_fail (cr != NULL && scenario != NULL && options != NULL);
  if (n_pieces == 0)
    return;
  ruleset = mu_ruleset_find (scenario->ruleset);
  if (scenario->board == MU_BOARD_TABLE)
    {
      mu_render_table_pieces (cr, scenario, options, pieces, n_pieces);
      return;
    }
  if (scenario->board != MU_BOARD_HEX || !scenario->hex_map)
    return;

  level = g_new (guint, n_pieces);
  height = g_new (guint, n_pieces);
  stack_positions (pieces, n_pieces, level, height);
  have_clip = mu_render_get_clip (options, &clip);
  dev = mu_render_device_scale (cr, options);
  cache = NULL;
  if (mu_sprite_usable (cr))
    cache = options->cache ? options->cache : (own = mu_render_cache_new ());
  /* whole images of counters only in a cache kept between frames */
  whole = own == NULL && !options->cache_counter_parts;

  cairo_save (cr);
  mu_render_apply_clip (cr, options);
  mu_text_init (&t, cr);
  for (guint i = 0; i < n_pieces; i++)
    {
      const MuPiece *p = &pieces[i];
      double x, y, size, margin;
      guint n_markers = 0, n_drawn;
      const MuMarkerInfo *drawn[8];

      if (!p->counter || !mu_hex_grid_contains (&scenario->hex_map->grid, p->hex))
        continue;
      hex_piece_rect (scenario, options, p->hex, level[i], height[i], &x, &y, &size);
      margin = 0.5 * size;   /* the markers reach past the counter's right side */
      if (have_clip &&
          (x + size + margin < clip.x || y + size + margin < clip.y ||
           x - margin > clip.x + clip.width || y - margin > clip.y + clip.height))
        continue;
      if (p->selected || p->highlighted)
        {
          mu_render_rounded_rect (cr, x - 0.06 * size, y - 0.06 * size, 1.12 * size, 1.12 * size, 0.1 * size);
          mu_set_rgba (cr, p->selected ? 0xffd400 : 0x29c5f6, 0.95);
          cairo_fill (cr);
        }
      paint_counter (&t, cache, whole, scenario, p->counter, 0, NULL, options->counter_style, p->strength,
                     x, y, size, dev);
      n_drawn = mu_render_piece_markers (ruleset, p, drawn, G_N_ELEMENTS (drawn));
      for (guint m = 0; m < n_drawn; m++)
        {
          /* right of the values line, so its last number (the strength)
           * stays readable; a second marker a little up and to the right */
          double ms = 0.44 * size;
          double mx = x + 0.84 * size + n_markers * 0.2 * ms;
          double my = y + 0.64 * size - n_markers * 0.2 * ms;
          const MuSide *side = mu_scenario_find_side (scenario, p->counter->side);

          paint_counter (&t, cache, whole, scenario, NULL, drawn[m], side, options->counter_style, 0,
                         mx, my, ms, dev);
          n_markers++;
        }
    }
  mu_text_clear (&t);
  cairo_restore (cr);
  mu_render_cache_free (own);
}

/* Footprints ----------------------------------------------------------------------------------------- */

static guint64
stands_digest (guint64        k,
               const MuStand *stands,
               guint          n)
{
  k = mu_hash_mix (k, n);
  for (guint i = 0; stands != NULL && i < n; i++)
    {
      k = mu_hash_double (mu_hash_double (k, stands[i].centre.x), stands[i].centre.y);
      k = mu_hash_double (mu_hash_double (k, stands[i].width), stands[i].depth);
      k = mu_hash_mix (mu_hash_double (k, stands[i].facing), stands[i].rank);
    }
  return k;
}

/* Everything a piece is drawn from but its place in a stack (which its
 * rectangle tells). */
static guint64
piece_digest (const MuScenario      *scenario,
              const MuRenderOptions *options,
              const MuPiece         *p)
{
  guint64 k = counter_key (scenario, p->counter, options->counter_style, p->strength, 0, 0);

  k = mu_hash_mix (k, GPOINTER_TO_SIZE (p->counter));
  k = mu_hash_mix (mu_hash_mix (k, (guint) p->hex.col), (guint) p->hex.row);
  k = mu_hash_double (mu_hash_double (k, p->pos.x), p->pos.y);
  k = mu_hash_double (k, p->facing);
  k = mu_hash_string (k, p->markers ? p->markers : "");
  k = mu_hash_mix (k, GPOINTER_TO_SIZE (p->status));
  k = mu_hash_mix (k, (p->selected ? 1 : 0) | (p->highlighted ? 2 : 0) | (p->placed ? 4 : 0));
  k = stands_digest (k, p->stands, p->n_stands);
  k = mu_hash_mix (k, p->n_plan);
  for (guint i = 0; p->plan != NULL && i < p->n_plan; i++)
    {
      const MuPos *q = &p->plan[i];

      k = mu_hash_mix (k, q->is_point);
      k = q->is_point ? mu_hash_double (mu_hash_double (k, q->point.x), q->point.y)
                      : mu_hash_mix (mu_hash_mix (k, (guint) q->hex.col), (guint) q->hex.row);
    }
  return stands_digest (k, p->plan_stands, p->n_plan_stands);
}

static void
footprint_seal (MuFootprint *f)
{
  f->digest = mu_hash_double (mu_hash_double (f->digest, f->x), f->y);
  f->digest = mu_hash_double (mu_hash_double (f->digest, f->width), f->height);
}

GArray *
mu_render_footprints (const MuScenario      *scenario,
                      const MuRenderOptions *options,
                      const MuHexHighlight  *highlights,
                      guint                  n_highlights,
                      const MuPiece         *pieces,
                      guint                  n_pieces)
{
  GArray *out;
  gboolean hex;
  double s;
  g_autofree guint *level = NULL;
  g_autofree guint *height = NULL;
  g_autoptr(GHashTable) seen = NULL;

  g_return_val_if_fail (scenario != NULL && options != NULL, NULL);

  out = g_array_sized_new (FALSE, TRUE, sizeof (MuFootprint), n_highlights + n_pieces);
  g_array_set_size (out, n_highlights + n_pieces);
  hex = scenario->board == MU_BOARD_HEX && scenario->hex_map != NULL;
  s = options->hex_size > 0 ? options->hex_size : 32.0;
  /* Highlights stay within their hex, so only those of one hex overlap:
   * each is told by its place among them. */
  seen = g_hash_table_new (g_direct_hash, g_direct_equal);
  for (guint i = 0; hex && i < n_highlights; i++)
    {
      MuFootprint *f = &g_array_index (out, MuFootprint, i);
      gpointer key = GUINT_TO_POINTER (hex_key (highlights[i].hex) + 1);
      guint nth = GPOINTER_TO_UINT (g_hash_table_lookup (seen, key));
      double cx, cy;

      g_hash_table_insert (seen, key, GUINT_TO_POINTER (nth + 1));
      mu_hex_center (&scenario->hex_map->grid, s, highlights[i].hex, &cx, &cy);
      *f = (MuFootprint) { cx - s, cy - s, 2 * s, 2 * s, 0, FALSE };
      f->digest = mu_hash_mix (mu_hash_mix (0x4817, highlights[i].rgba), nth);
      f->digest = mu_hash_mix (mu_hash_mix (f->digest, (guint) highlights[i].hex.col),
                               (guint) highlights[i].hex.row);
      footprint_seal (f);
    }
  if (hex && n_pieces > 0)
    {
      level = g_new (guint, n_pieces);
      height = g_new (guint, n_pieces);
      stack_positions (pieces, n_pieces, level, height);
    }
  for (guint i = 0; i < n_pieces; i++)
    {
      const MuPiece *p = &pieces[i];
      MuFootprint *f = &g_array_index (out, MuFootprint, n_highlights + i);

      if (p->counter == NULL)
        continue;
      if (hex && mu_hex_grid_contains (&scenario->hex_map->grid, p->hex))
        {
          const MuMarkerInfo *drawn[8];
          double x, y, size, x1, y1;
          guint n;

          /* the counter with its rim and shadow, its markers to the right;
           * a stack keeps within its hex, so only its order shows, and
           * that is in its rectangle */
          hex_piece_rect (scenario, options, p->hex, level[i], height[i], &x, &y, &size);
          n = mu_render_piece_markers (mu_ruleset_find (scenario->ruleset), p, drawn, G_N_ELEMENTS (drawn));
          x1 = x + 1.15 * size;
          y1 = y + 1.15 * size;
          if (n > 0)
            x1 = MAX (x1, x + 0.84 * size + n * 0.2 * 0.44 * size + 1.2 * 0.44 * size);
          f->x = x - 0.15 * size;
          f->y = y - 0.15 * size;
          f->width = x1 - f->x;
          f->height = y1 - f->y;
        }
      else if (scenario->board == MU_BOARD_TABLE && scenario->table != NULL)
        {
          MuRect r;

          mu_render_table_piece_extent (scenario, options, p, &r);
          f->x = r.x;
          f->y = r.y;
          f->width = r.width;
          f->height = r.height;
          f->ordered = TRUE;
        }
      f->digest = piece_digest (scenario, options, p);
      footprint_seal (f);
    }
  return out;
}
