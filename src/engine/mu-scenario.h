/* mu-scenario.h: the scenario model (map, order of battle, objectives,
 * timeline, reserves, options)
 *
 * The model is plain data with owning containers. Everything hangs off one
 * MuScenario and is freed with it: strings are owned (g_free), arrays are
 * GPtrArray with element free functions set. Front ends read the structs
 * directly through const pointers; editing goes through functions (the
 * editor's undoable operations), never through ad-hoc field writes in GTK code.
 *
 * Every object that came from a file remembers its source line (`line`, 0 when
 * made in memory) so that semantic checks can name the line. Every object that
 * the XML writer emits also keeps the attributes and child elements it did not
 * understand (`extra`), so that other tools' extensions survive a load/save.
 */
#pragma once

#include <glib.h>

#include "mu-hex.h"

G_BEGIN_DECLS

#define MU_SCENARIO_FORMAT_VERSION 1
#define MU_SCENARIO_NAMESPACE "https://muster.github.io/ns/scenario/1"

/* Extension data kept verbatim: unknown attributes (name/value pairs, possibly
 * with a namespace prefix as written) and unknown child elements (serialised
 * XML fragments, in document order). Owned by the object that holds it. */
typedef struct {
  GPtrArray *attributes; /* of char*, alternating name, value; may be NULL */
  GPtrArray *elements;   /* of char*, XML text; may be NULL */
} MuExtra;

/* Terrain -------------------------------------------------------------------- */

/* The base terrain of a hex. Stable file names in mu_terrain_to_string(). */
typedef enum {
  MU_TERRAIN_OPEN,
  MU_TERRAIN_WOODLAND,
  MU_TERRAIN_SETTLEMENT,
  MU_TERRAIN_MARSH,
  MU_TERRAIN_FIELDS,      /* crops, orchards: open for the rules, drawn differently */
  MU_TERRAIN_WATER,       /* river or lake hex: impassable unless ford/bridge (BAA-MOV-8) */
  MU_TERRAIN_ROUGH,       /* broken, rocky ground: difficult like marsh */
  MU_TERRAIN_N
} MuTerrain;

/* Features of a hex in addition to its base terrain. */
typedef enum {
  MU_HEX_FEATURE_NONE               = 0,
  MU_HEX_FEATURE_STREAM             = 1 << 0,  /* a stream runs through the hex (difficult) */
  MU_HEX_FEATURE_FORD               = 1 << 1,
  MU_HEX_FEATURE_BRIDGE             = 1 << 2,
  MU_HEX_FEATURE_IMPASSABLE         = 1 << 3,  /* designated impassable by the scenario */
  MU_HEX_FEATURE_FORTIFICATION      = 1 << 4,  /* cover 5 */
  MU_HEX_FEATURE_FORTIFIED_BUILDING = 1 << 5,  /* cover 5 */
  MU_HEX_FEATURE_PREPARED_DEFENCE   = 1 << 6,  /* cover 4 */
  MU_HEX_FEATURE_BUILDINGS          = 1 << 7,  /* isolated farm buildings: hard cover 4 */
} MuHexFeatures;
#define MU_HEX_FEATURE_ALL 0xff

/* Features of a hexside. Several can combine (a stream with a ford). */
typedef enum {
  MU_SIDE_NONE          = 0,
  MU_SIDE_STREAM        = 1 << 0,
  MU_SIDE_HEDGE         = 1 << 1,  /* cover 3 */
  MU_SIDE_WALL          = 1 << 2,  /* cover 4 */
  MU_SIDE_FORTIFICATION = 1 << 3,  /* defence works, cover 5 */
  MU_SIDE_FORD          = 1 << 4,
  MU_SIDE_BRIDGE        = 1 << 5,
  MU_SIDE_BREACHED      = 1 << 6,  /* a breached fortification: soft cover (BAA-FORT-4) */
} MuSideFeatures;
#define MU_SIDE_ALL 0x7f

/* Linear features that run from hex centre to hex centre. */
typedef enum {
  MU_PATH_LOCAL_ROAD,
  MU_PATH_TURNPIKE,
  MU_PATH_RAILROAD,
  MU_PATH_RIVER,
  MU_PATH_STREAM,
  MU_PATH_N
} MuPathKind;

typedef struct {
  char *id;              /* may be NULL; written when set */
  MuPathKind kind;
  char *name;            /* may be NULL ("Warrenton Turnpike") */
  GArray *hexes;         /* of MuHex, at least 2, consecutive ones adjacent */
  int line;
  MuExtra extra;
} MuPath;

typedef struct {
  char *text;
  MuHex hex;
  double dx, dy;         /* offset from the hex centre in hex sizes, usually 0 */
  double scale;          /* 1.0 = normal label size */
  int line;
  MuExtra extra;
} MuLabel;

typedef struct {
  MuTerrain terrain;
  guint8 features;       /* MuHexFeatures */
  gint8 elevation;       /* contour level, 0..MU_ELEVATION_MAX */
} MuHexCell;

#define MU_ELEVATION_MAX 9

/* A hex board. Cells are stored row-major over the printed coordinates:
 * cell (col, row) is cells[(row - 1) * cols + (col - 1)]. Hexside features are
 * stored densely over canonical hexsides including a one-hex border, see
 * mu_hex_map_side_index(). */
typedef struct {
  MuHexGrid grid;
  MuHexCell *cells;
  guint8 *sides;         /* MuSideFeatures, (cols + 2) * (rows + 2) * 3 entries */
  GPtrArray *paths;      /* of MuPath* */
  GPtrArray *labels;     /* of MuLabel* */
  double hex_size_mm;    /* printed hex size, flat to flat, for counter sheets (default 16) */
  double counter_size_mm; /* printed counter side; 0 = the size that fits hex_size_mm */
  int line;
  MuExtra extra;
} MuHexMap;

/* Tabletop ------------------------------------------------------------------- */

typedef enum {
  MU_UNIT_INCH,
  MU_UNIT_CM,
} MuLengthUnit;

typedef enum {
  MU_AREA_WOODS,
  MU_AREA_SETTLEMENT,
  MU_AREA_HILL,          /* uses level */
  MU_AREA_FIELD,
  MU_AREA_MARSH,
  MU_AREA_FORTIFICATION,
  MU_AREA_WATER,
  MU_AREA_ROUGH,
  MU_AREA_IMPASSABLE,    /* no unit enters it */
  MU_AREA_LIGHT_WOODS,
  MU_AREA_BROKEN,        /* broken ground */
  MU_AREA_BUILT_UP,      /* a built-up area: capacity, defence, hard cover */
  MU_AREA_BUILDING,      /* one building: capacity, defence, hard cover */
  MU_AREA_STEEP,         /* a steep slope */
  MU_AREA_DEPLOYMENT,    /* a side's deployment zone: uses side */
  MU_AREA_N
} MuAreaKind;

typedef enum {
  MU_LINE_ROAD,
  MU_LINE_TURNPIKE,
  MU_LINE_RAILROAD,
  MU_LINE_STREAM,
  MU_LINE_RIVER,
  MU_LINE_FENCE,
  MU_LINE_WALL,
  MU_LINE_HEDGE,
  MU_LINE_DEFENCE_WORKS, /* field works: uses grade */
  MU_LINE_IMPASSABLE,    /* a line no unit crosses (a cliff, an unfordable bank) */
  MU_LINE_FORD,          /* a crossing of a river or stream, drawn across it */
  MU_LINE_BRIDGE,        /* likewise */
  MU_LINE_CREST,         /* the military crest of a hill */
  MU_LINE_N
} MuLineKind;

typedef struct {
  double x, y;           /* table units from the top-left corner, y down */
} MuPoint;

typedef struct {
  char *id;
  MuAreaKind kind;
  char *name;
  int level;             /* hills: contour level 1.. ; others 0 */
  int capacity;          /* buildings and built-up areas: stands it holds; 0 = not given */
  int defence;           /* buildings, built-up areas, fortifications: defence value 1..6; 0 = not given */
  gboolean hard_cover;   /* buildings, built-up areas, fortifications: hard cover */
  int grade;             /* fortifications: grade of the field works 1..3; 0 = not given */
  char *side;            /* deployment zones: the side's id */
  GArray *points;        /* of MuPoint, at least 3, closed implicitly */
  int line;
  MuExtra extra;
} MuArea;

typedef struct {
  char *id;
  MuLineKind kind;
  char *name;
  double width;          /* table units; 0 = the kind's default */
  int grade;             /* defence works: grade of the field works 1..3; 0 = not given */
  GArray *points;        /* of MuPoint, at least 2 */
  int line;
  MuExtra extra;
} MuPolyline;

typedef enum {
  MU_TABLE_EDGE_NORTH,
  MU_TABLE_EDGE_EAST,
  MU_TABLE_EDGE_SOUTH,
  MU_TABLE_EDGE_WEST,
  MU_TABLE_EDGE_N
} MuTableEdge;

/* A side's home edge (the edge it came from and retreats to). */
typedef struct {
  char *side;
  MuTableEdge edge;
  int line;
  MuExtra extra;
} MuHomeEdge;

typedef struct {
  double width, height;  /* in unit */
  MuLengthUnit unit;
  char *figure_scale;    /* "15mm", "6mm", "2mm", ... */
  double base_width;     /* one base's frontage in unit (0 = derive from figure_scale) */
  double base_depth;
  GPtrArray *areas;      /* of MuArea* */
  GPtrArray *lines;      /* of MuPolyline* */
  GPtrArray *labels;     /* of MuLabel*; hex is unused, position in dx/dy as table units */
  GPtrArray *home_edges; /* of MuHomeEdge*, at most one per side */
  int line;
  MuExtra extra;
} MuTableMap;

/* Order of battle -------------------------------------------------------------- */

/* A value a ruleset declares (MuFieldInfo in mu-ruleset.h) that the model
 * has no member for, held as its file text: a whole number ("5"), a word
 * ("veteran") or space-separated words (flags). The file's
 * <value field="ID">TEXT</value>; which fields exist and their ranges are
 * the ruleset's, checked by mu_scenario_check(). */
typedef struct {
  char *field;
  char *value;
  int line;
} MuFieldValue;

typedef struct {
  char *id;              /* "csa", "usa" for Brothers at Arms */
  char *name;            /* "Confederate", display only */
  guint32 colour;        /* 0xRRGGBB counter background */
  GPtrArray *values;     /* of MuFieldValue*, in file order; NULL when none */
  int line;
  MuExtra extra;
} MuSide;

typedef enum {
  MU_ARM_INFANTRY,
  MU_ARM_CAVALRY,
  MU_ARM_ARTILLERY,
  MU_ARM_RIVERBOAT,
  MU_ARM_N
} MuArm;

typedef enum {
  MU_FORMATION_LINE,
  MU_FORMATION_COLUMN,
  MU_FORMATION_SKIRMISH,
  MU_FORMATION_LIMBERED,
  MU_FORMATION_N
} MuFormation;

/* Where a counter starts. */
typedef enum {
  MU_PLACE_NONE,         /* not placed (the editor's pool): a warning, not an error */
  MU_PLACE_HEX,          /* at hex */
  MU_PLACE_TABLE,        /* at pos, facing degrees (0 = up the table, clockwise) */
  MU_PLACE_RESERVE,      /* arrives with reserve `reserve` */
} MuPlaceKind;

typedef struct {
  MuPlaceKind kind;
  MuHex hex;
  MuPoint pos;
  double facing;
  MuFormation formation;
  char *reserve;         /* reserve id when kind == MU_PLACE_RESERVE */
} MuPlacement;

typedef enum {
  MU_COUNTER_CONTROL,    /* corps or army commander */
  MU_COUNTER_COMMAND,    /* division commander */
  MU_COUNTER_UNIT,       /* brigade */
} MuCounterKind;

/* One counter of the order of battle. Fields that do not apply to a kind are 0. */
typedef struct {
  char *id;              /* stable, unique across the scenario */
  MuCounterKind kind;
  char *side;            /* MuSide id */
  char *name;
  char *note;            /* historical note, may be NULL */
  /* units */
  MuArm arm;             /* the format's arm, or the basing of arm_word's arm */
  /* An arm the scenario's ruleset declares that is none of MuArm's words
   * ("foot-artillery"); NULL for those. Read it through mu_counter_arm_word(). */
  char *arm_word;
  /* In the range its ruleset declares (baa: at least 1). A generic
   * member, not a declared value: every ruleset's unit has one (baa's
   * strength, mn-acw's bases, toy-soldiers' and regimental's stands each
   * declare theirs with `offset` pointing here), and it is the stand
   * count that the table layout (TAB-6), the checker, the counter views
   * and the renderer read for every unit, in the hot paths of play and
   * drawing, whatever the ruleset. */
  int strength;
  /* order of battle tree: the parent counter id (control for a command, command
   * for a unit); NULL for a top-level control counter or a STAR unit */
  char *parent;
  MuPlacement place;
  /* The formation attribute's word when it is a formation the scenario's
   * ruleset declares that is none of MuFormation's ("square"; then
   * place.formation is line); NULL otherwise. See mu_counter_formation_word(). */
  char *formation_word;
  GPtrArray *values;     /* of MuFieldValue*: the ruleset's other values, in file
                          * order; NULL when none */
  int line;
  MuExtra extra;
} MuCounter;

/* Objectives, timeline, reserves ----------------------------------------------- */

typedef struct {
  char *id;
  char *name;
  MuHex hex;             /* hex boards */
  MuPoint pos;           /* tables: centre of the objective */
  double radius;         /* tables: in table units (0 = a point) */
  char *owner;           /* side id holding it at the start, or NULL */
  int value;             /* victory points, default 1 */
  int line;
  MuExtra extra;
} MuObjective;

/* A scenario-defined victory predicate (BAA-VIC-4). */
typedef struct {
  char *id;
  char *side;            /* who scores it */
  char *text;            /* description shown to players */
  char *condition;       /* machine-readable condition, e.g. "disperse csa 4" or "exit usa w 3" */
  int value;
  int line;
  MuExtra extra;
} MuTaskObjective;

typedef enum {
  MU_ARRIVAL_BOUND,      /* arrives at bound `bound` */
  MU_ARRIVAL_ROLL,       /* from bound `bound`, needs a command roll each bound */
} MuArrivalKind;

typedef enum {
  MU_RESERVE_RESERVE,        /* ordinary scheduled reserve */
  MU_RESERVE_REINFORCEMENT,
  MU_RESERVE_RAILROAD,       /* enters on a railroad (BAA-SPC-1) */
  MU_RESERVE_FLANK_MARCH,    /* tactical march to the enemy flank (BAA-RES-4) */
  MU_RESERVE_OUT_CIRCLING,   /* march to the enemy rear */
} MuReserveKind;

typedef struct {
  char *id;
  char *side;
  char *name;
  MuReserveKind kind;
  MuArrivalKind arrival;
  int bound;             /* first bound it may arrive */
  int roll;              /* for MU_ARRIVAL_ROLL: arrives on a d6 at or under this (BAA-AMB-55;
                          * 0 = the commander's leadership) */
  GArray *entry;         /* of MuHex: entry hexes on the board edge */
  char *edge;            /* "n", "e", "s", "w" or NULL: a whole edge */
  GArray *entry_points;  /* of MuPoint, tables */
  int line;
  MuExtra extra;
} MuReserve;

typedef struct {
  int bounds;            /* total bound allowance */
  int first_bound;       /* usually 1 */
  int start_minutes;     /* clock time of the first bound, minutes after midnight */
  int minutes_per_bound; /* 60 for Brothers at Arms */
  int dawn_minutes;      /* daylight window */
  int dusk_minutes;
  int days;              /* 1 for a one-day battle */
  GArray *night_bounds;  /* of int: bound numbers fought at night (explicit list) */
  int darkness_bound;    /* multi-day: the complete-darkness bound, 0 = none */
  int line;
  MuExtra extra;
} MuTimeline;

typedef struct {
  char *key;             /* stable option id, e.g. "baa.withdrawing" */
  gboolean enabled;      /* an on/off option (value NULL) */
  char *value;           /* an option of type number (the integer, "3") or choice
                          * (the word): the file's value="…"; NULL for on/off.
                          * Which type a key has, and its range, is the
                          * ruleset's declaration (MuRuleOptionInfo) */
  int line;
  MuExtra extra;
} MuRuleOption;

typedef struct {
  char *side;
  GArray *hexes;         /* of MuHex: "behind own lines" for BAA-DAY-3 */
  int line;
  MuExtra extra;
} MuSideArea;

typedef enum {
  MU_BOARD_HEX,
  MU_BOARD_TABLE,
} MuBoardKind;

typedef struct {
  /* descriptive */
  char *title;
  char *description;
  char *date;            /* ISO 8601 date of the battle, "1861-07-21" */
  char *author;
  char *ruleset;         /* "baa-hex", "baa-table", "mn-acw", "toy-soldiers", "regimental" */

  MuBoardKind board;
  MuHexMap *hex_map;     /* when board == MU_BOARD_HEX */
  MuTableMap *table;     /* when board == MU_BOARD_TABLE */

  GPtrArray *sides;      /* of MuSide* */
  GPtrArray *counters;   /* of MuCounter*, in document order */
  GPtrArray *objectives; /* of MuObjective* */
  GPtrArray *tasks;      /* of MuTaskObjective* */
  GPtrArray *reserves;   /* of MuReserve* */
  GPtrArray *options;    /* of MuRuleOption* */
  GPtrArray *own_lines;  /* of MuSideArea* */
  MuTimeline timeline;
  int objectives_required; /* victory: 0 = the ruleset's default */

  char *filename;        /* where it was loaded from, may be NULL */
  int line;
  MuExtra extra;
  MuExtra root_extra;    /* unknown top-level content */
} MuScenario;

/* Construction and lookup. All returned pointers are owned by the scenario. */
MuScenario   *mu_scenario_new            (void);
MuScenario   *mu_scenario_new_hex        (const char *ruleset, int cols, int rows,
                                          MuHexOrientation orientation, MuHexOffset offset);
MuScenario   *mu_scenario_new_table      (const char *ruleset, double width, double height,
                                          MuLengthUnit unit, const char *figure_scale);
void          mu_scenario_free           (MuScenario *scenario);
MuScenario   *mu_scenario_copy           (const MuScenario *scenario);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MuScenario, mu_scenario_free)

MuSide       *mu_scenario_find_side      (const MuScenario *scenario, const char *id);
MuCounter    *mu_scenario_find_counter   (const MuScenario *scenario, const char *id);
MuObjective  *mu_scenario_find_objective (const MuScenario *scenario, const char *id);
MuReserve    *mu_scenario_find_reserve   (const MuScenario *scenario, const char *id);
/* The command counter of a side with the given number, the one its
 * ruleset declares for commands (mu_ruleset_numbered_field: baa's
 * division); NULL when none has it or the ruleset numbers none. */
MuCounter    *mu_scenario_find_command   (const MuScenario *scenario, const char *side, int division);
/* Whether the side has at least one command (division) counter. An army
 * without any is commanded directly by its control counters (BAA-CMD-10,
 * BAA-AMB-54). */
/* The longest text or attribute value a scenario file holds: the XML
 * parser's limit, counted as written (with "&amp;", "&quot;", "&#10;"...), so
 * that every scenario the program writes opens again. */
#define MU_SCENARIO_MAX_TEXT 10000000
/* The length of TEXT as the scenario writer escapes it, stopping early
 * once past MU_SCENARIO_MAX_TEXT. */
gsize         mu_scenario_text_length    (const char *text);
gboolean      mu_scenario_side_has_commands (const MuScenario *scenario, const char *side);
/* The kind of counter a unit or command counter of SIDE serves under: a
 * unit under a command counter, or under a control counter when its side has
 * no command counters (BAA-AMB-54); a command counter under a control
 * counter. (A control counter serves under nothing; not to be asked.) */
MuCounterKind mu_scenario_parent_kind    (const MuScenario *scenario, MuCounterKind kind,
                                          const char *side);
gboolean      mu_scenario_option         (const MuScenario *scenario, const char *key, gboolean fallback);
void          mu_scenario_set_option     (MuScenario *scenario, const char *key, gboolean enabled);
/* The value of an option of type number or choice (the text of value="…"),
 * NULL when the scenario gives none (the ruleset's default applies). */
const char   *mu_scenario_option_value   (const MuScenario *scenario, const char *key);
/* The number an option of type number is set to, or fallback when the
 * scenario gives none or its value is no integer. */
int           mu_scenario_option_number  (const MuScenario *scenario, const char *key, int fallback);
/* Sets an option of type number or choice (value: the integer as text, or the
 * choice word). */
void          mu_scenario_set_option_value (MuScenario *scenario, const char *key, const char *value);
/* A fresh id with the given prefix not used by any object of the scenario. */
char         *mu_scenario_unique_id      (const MuScenario *scenario, const char *prefix);
/* The one rule for ids everywhere (file format, editor, CSV): a letter or
 * digit, then letters, digits, "-", "_", "."; at most MU_ID_MAX_LENGTH bytes. */
#define MU_ID_MAX_LENGTH 200
gboolean      mu_id_is_valid             (const char *id);

MuHexMap     *mu_hex_map_new             (int cols, int rows, MuHexOrientation orientation,
                                          MuHexOffset offset);
void          mu_hex_map_free            (MuHexMap *map);
MuHexMap     *mu_hex_map_copy            (const MuHexMap *map);
/* NULL when hex is off the board. */
MuHexCell    *mu_hex_map_cell            (const MuHexMap *map, MuHex hex);
/* Index into map->sides for a hexside given as (hex, dir 0..5), or -1 when
 * the hexside does not touch the board. */
int           mu_hex_map_side_index      (const MuHexMap *map, MuHex hex, int dir);
guint         mu_hex_map_side            (const MuHexMap *map, MuHex hex, int dir);
void          mu_hex_map_set_side        (MuHexMap *map, MuHex hex, int dir, guint features);
/* Whether a path of the given kind links hex to its neighbour in direction dir. */
gboolean      mu_hex_map_has_link        (const MuHexMap *map, MuHex hex, int dir, MuPathKind kind);

MuTableMap   *mu_table_map_new           (double width, double height, MuLengthUnit unit,
                                          const char *figure_scale);
void          mu_table_map_free          (MuTableMap *table);

MuPath       *mu_path_new                (MuPathKind kind);
void          mu_path_free               (MuPath *path);
MuLabel      *mu_label_new               (const char *text, MuHex hex);
void          mu_label_free              (MuLabel *label);
MuArea       *mu_area_new                (MuAreaKind kind);
void          mu_area_free               (MuArea *area);
MuPolyline   *mu_polyline_new            (MuLineKind kind);
void          mu_polyline_free           (MuPolyline *line);
MuSide       *mu_side_new                (const char *id, const char *name, guint32 colour);
void          mu_side_free               (MuSide *side);
MuHomeEdge   *mu_home_edge_new           (const char *side, MuTableEdge edge);
void          mu_home_edge_free          (MuHomeEdge *edge);
MuCounter    *mu_counter_new             (MuCounterKind kind, const char *id, const char *side);
void          mu_counter_free            (MuCounter *counter);
MuCounter    *mu_counter_copy            (const MuCounter *counter);
MuObjective  *mu_objective_new           (const char *id);
void          mu_objective_free          (MuObjective *objective);
MuTaskObjective *mu_task_objective_new   (const char *id);
void          mu_task_objective_free     (MuTaskObjective *task);
MuReserve    *mu_reserve_new             (const char *id, const char *side);
void          mu_reserve_free            (MuReserve *reserve);
MuRuleOption *mu_rule_option_new         (const char *key, gboolean enabled);
MuRuleOption *mu_rule_option_new_value   (const char *key, const char *value);
void          mu_rule_option_free        (MuRuleOption *option);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MuRuleOption, mu_rule_option_free)
MuSideArea   *mu_side_area_new           (const char *side);
void          mu_side_area_free          (MuSideArea *area);

/* The ruleset's values of a counter or side (MuCounter.values, MuSide.values):
 * the text of `field`, or NULL when not given; set replaces it, or adds it
 * at the end (NULL value removes it). values may point at NULL. */
MuFieldValue *mu_field_value_new         (const char *field, const char *value);
void          mu_field_value_free        (MuFieldValue *value);
const char   *mu_values_get              (const GPtrArray *values, const char *field);
void          mu_values_set              (GPtrArray **values, const char *field, const char *value);
GPtrArray    *mu_values_copy             (const GPtrArray *values);
/* Whether the counter's declared flag `field` is on (its value is "true"):
 * how code reads a ruleset's switch (baa: "star", "fatigued"). */
gboolean      mu_counter_get_flag        (const MuCounter *counter, const char *field);
/* The counter's declared whole number `field` (baa: "range"), 0 when it
 * holds none or not a number: how code reads a ruleset's number. */
int           mu_counter_get_int         (const MuCounter *counter, const char *field);
/* Holds `value` as the counter's declared number `field` (its text). */
void          mu_counter_set_int         (MuCounter *counter, const char *field, int value);
/* Whether the counter's declared list of words `field` holds `word`
 * (baa: "abilities" holds "indomitable"). */
gboolean      mu_counter_has_word        (const MuCounter *counter, const char *field,
                                          const char *word);

void          mu_extra_clear             (MuExtra *extra);
void          mu_extra_copy              (MuExtra *dest, const MuExtra *src);

/* Stable names used in files and on the command line. */
const char   *mu_terrain_to_string       (MuTerrain terrain);
gboolean      mu_terrain_from_string     (const char *name, MuTerrain *terrain);
const char   *mu_terrain_display_name    (MuTerrain terrain); /* translated */
const char   *mu_area_kind_display_name  (MuAreaKind kind);  /* translated */
const char   *mu_line_kind_display_name  (MuLineKind kind);  /* translated */
const char   *mu_path_kind_to_string     (MuPathKind kind);
gboolean      mu_path_kind_from_string   (const char *name, MuPathKind *kind);
const char   *mu_area_kind_to_string     (MuAreaKind kind);
gboolean      mu_area_kind_from_string   (const char *name, MuAreaKind *kind);
const char   *mu_line_kind_to_string     (MuLineKind kind);
gboolean      mu_line_kind_from_string   (const char *name, MuLineKind *kind);
const char   *mu_table_edge_to_string    (MuTableEdge edge);
gboolean      mu_table_edge_from_string  (const char *name, MuTableEdge *edge);
const char   *mu_arm_to_string           (MuArm arm);
gboolean      mu_arm_from_string         (const char *name, MuArm *arm);
const char   *mu_formation_to_string     (MuFormation formation);
gboolean      mu_formation_from_string   (const char *name, MuFormation *formation);
const char   *mu_counter_kind_to_string  (MuCounterKind kind);
/* The unit's arm as its file writes it: arm_word, else MuArm's word. */
const char   *mu_counter_arm_word        (const MuCounter *counter);
/* Sets the arm from its word: one of MuArm's sets arm (and clears
 * arm_word); any other is kept in arm_word, arm left as it is (a ruleset
 * that declares the word sets arm to its basing, mu_counter_set_arm). */
void          mu_counter_set_arm_word    (MuCounter *counter, const char *word);
/* The formation attribute's word: formation_word, else MuFormation's word. */
const char   *mu_counter_formation_word  (const MuCounter *counter);
/* Sets it as mu_counter_set_arm_word() does the arm (place.formation line
 * for a word of no MuFormation). */
void          mu_counter_set_formation_word (MuCounter *counter, const char *word);
const char   *mu_reserve_kind_to_string  (MuReserveKind kind);
gboolean      mu_reserve_kind_from_string (const char *name, MuReserveKind *kind);
/* Names of single feature bits ("stream", "ford", ...). */
const char   *mu_hex_feature_to_string   (MuHexFeatures feature);
gboolean      mu_hex_feature_from_string (const char *name, MuHexFeatures *feature);
const char   *mu_side_feature_to_string  (MuSideFeatures feature);
gboolean      mu_side_feature_from_string (const char *name, MuSideFeatures *feature);

/* "HH:MM" */
char         *mu_minutes_to_string       (int minutes);
gboolean      mu_minutes_parse           (const char *text, int *minutes);

G_END_DECLS
