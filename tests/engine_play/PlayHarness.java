// Plays scripted games in the real VASSAL engine, as a player would, and writes the engine's own .vlog for each.
//
// Loads MODULE.vmod once; then for each SCRIPT OUT pair: runs the predefined setup SETUP (its .vsav entry name; a
// second script starts a fresh game from it, as VASSAL's File > New does), starts VASSAL's BasicLogger (the fields
// its "Begin logfile" action sets, without the file chooser) and performs SCRIPT, one action per line, each through
// the engine's own code path:
//   next                    the turn tracker's Next button (TurnTracker captureState + next + save, as its
//                           TurnWidget does): a TURN command and its report, sent and logged;
//   prev                    the turn tracker's Prev button, the same way;
//   begin                   where the logfile begins: actions before it (a deployment) are part of the log's
//                           starting state, as when a player sets up first and then begins the logfile (without
//                           it the log begins with the first action);
//   drag UNIT MAP X Y       the piece whose Marker mg_unit = UNIT, wherever it is (a board or the holding map),
//                           dragged and dropped at board point (X, Y) of MAP: put alone in VASSAL's DragBuffer, then
//                           the target map's PieceMover.performDrop, i.e. what a mouse release does;
//   draw DECK MAP X Y       a card dragged off the top of the DrawPile named DECK (a cup) and dropped at board point
//                           (X, Y) of MAP: what PieceMover's DeckVisitor does on a mouse press on a Deck (the
//                           Deck's drawCards: a shuffled deck gives a random card; Bug 13433's OBSCURED_BY restore),
//                           then performDrop as for drag; reports the drawn card's mg_unit and where it landed;
//   chat TEXT               a line typed in the chat box (Chatter.formatChat + send);
//   roll NAME [N]           the DiceButton NAME pressed (DiceButton.DR); N: the number of dice a player types into
//                           a prompting button's dialog (its launch action sets nDice, then calls DR);
//   key UNIT STROKE         a piece command pressed on the piece whose mg_unit = UNIT: STROKE as
//                           javax.swing.KeyStroke.getKeyStroke reads it ("ctrl L" = Step loss), sent to the
//                           outermost trait's keyEvent and the command sent and logged, as a piece's menu does.
// Drags and keys are made by the piece's owner: where the piece has Restricted Access, the harness first takes the
// side it names in the PlayerRoster (as the player of that side would be sitting at the table).
// Fields are tab-separated. Each game's random numbers are seeded with SEED (GameModule's RNG), so rolls are
// repeatable, and so is a shuffled Deck's draw (GameModule's RNG, seeded with SEED + 1). BasicLogger.write() then writes OUT. Prints JSON: for each script, for each action what VASSAL says
// happened (the location name of a drop, the turn string after Next/Prev, the die result), and engine errors.
//
// Usage: java -cp CLASSPATH modgen.play.PlayHarness MODULE.vmod SETUP.vsav SEED SCRIPT.tsv OUT.vlog [SCRIPT OUT ...]
package modgen.play;

import static modgen.harness.HarnessSupport.*;

import java.awt.Dimension;
import java.awt.Point;
import java.io.InputStream;
import java.io.PrintStream;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import javax.swing.KeyStroke;
import javax.swing.SwingUtilities;
import VASSAL.build.GameModule;
import VASSAL.build.module.BasicLogger;
import VASSAL.build.module.Chatter;
import VASSAL.build.module.DiceButton;
import VASSAL.build.module.Map;
import VASSAL.build.module.PredefinedSetup;
import VASSAL.build.module.map.PieceMover;
import VASSAL.build.module.map.boardPicker.Board;
import VASSAL.build.module.turn.TurnTracker;
import VASSAL.command.Command;
import VASSAL.counters.Decorator;
import VASSAL.counters.DragBuffer;
import VASSAL.counters.GamePiece;
import VASSAL.counters.Restricted;
import VASSAL.counters.Stack;
import VASSAL.tools.DataArchive;

public final class PlayHarness {

  private PlayHarness() {
  }

  static GamePiece findUnit(String unit) {
    GamePiece p = modgen.harness.HarnessSupport.findUnit(unit);
    if (p == null) {
      throw new IllegalArgumentException("no piece with mg_unit " + unit);
    }
    return p;
  }

  /** Takes the side the piece's Restricted Access trait names, if it has one: its owner makes the move. */
  static void actAsOwner(GamePiece p) throws ReflectiveOperationException {
    GamePiece cur = Decorator.getOutermost(p);
    while (cur instanceof Decorator) {
      if (cur instanceof Restricted) {
        Field f = Restricted.class.getDeclaredField("side");
        f.setAccessible(true);
        String[] named = (String[]) f.get(cur);
        if (named.length > 0) {
          GameModule.getGameModule().getPlayerRoster().add(GameModule.getActiveUserId(), "player", named[0]);
        }
        return;
      }
      cur = ((Decorator) cur).getInner();
    }
  }

  static Map findMap(String name) {
    for (Map m : Map.getMapList()) {
      if (name.equals(m.getMapName()) || name.equals(m.getConfigureName()) || name.equals(m.getId())) {
        return m;
      }
    }
    throw new IllegalArgumentException("no map " + name);
  }

  static void setField(Class<?> c, Object o, String field, Object value) throws ReflectiveOperationException {
    Field f = c.getDeclaredField(field);
    f.setAccessible(true);
    f.set(o, value);
  }

  static Object call(Class<?> c, Object o, String method) throws ReflectiveOperationException {
    Method m = c.getDeclaredMethod(method);
    m.setAccessible(true);
    return m.invoke(o);
  }

  static void run(String[] a, PrintStream out) throws Exception {
    GameModule.init(new GameModule(new DataArchive(a[0])));
    GameModule gm = GameModule.getGameModule();
    for (Map m : Map.getMapList()) {  // one board per map, at the map's edge buffer (as ModgenHarness does)
      List<Board> boards = new ArrayList<>();
      for (String name : m.getBoardPicker().getAllowableBoardNames()) {
        Board b = m.getBoardPicker().getBoard(name);
        Dimension edge = m.getEdgeBuffer();
        b.setLocation(edge.width, edge.height);
        boards.add(b);
        break;
      }
      m.setBoards(boards);
    }
    PredefinedSetup setup = null;
    for (PredefinedSetup s : gm.getAllDescendantComponentsOf(PredefinedSetup.class)) {
      if (a[1].equals(s.getFileName())) {
        setup = s;
      }
    }
    if (setup == null) {
      throw new IllegalArgumentException("no predefined setup " + a[1]);
    }
    List<String> games = new ArrayList<>();
    for (int k = 3; k + 1 < a.length; k += 2) {
      games.add(play(gm, setup, Long.parseLong(a[2]), a[k], a[k + 1]));
    }
    out.print("{\"games\":[" + String.join(",", games) + "]");
  }

  static void beginLog(GameModule gm, BasicLogger logger, String outFile) throws ReflectiveOperationException {
    setField(BasicLogger.class, logger, "outputFile", new java.io.File(outFile));
    logOutput(logger).clear();
    setField(BasicLogger.class, logger, "beginningState", gm.getGameState().getRestoreCommand());
    setField(BasicLogger.class, logger, "metadata", new VASSAL.build.module.metadata.SaveMetaData());
  }

  static String play(GameModule gm, PredefinedSetup setup, long seed, String script, String outFile) throws Exception {
    try (InputStream in = setup.getSavedGameContents()) {
      gm.getGameState().decodeSavedGame(in).execute();  // its SetupCommand(false) first ends a running game
    }
    Random rng = new Random(seed);  // one seeded stream for every dice button (DiceButton.ran)
    for (DiceButton d : gm.getAllDescendantComponentsOf(DiceButton.class)) {
      setField(DiceButton.class, d, "ran", rng);
    }
    setField(GameModule.class, gm, "RNG", new Random(seed + 1));  // a shuffled Deck's draws (Deck.drawCards)
    BasicLogger logger = (BasicLogger) gm.getLogger();
    List<String> lines = Files.readAllLines(Paths.get(script), StandardCharsets.UTF_8);
    if (!lines.contains("begin")) {
      beginLog(gm, logger, outFile);
    }

    TurnTracker tracker = gm.getAllDescendantComponentsOf(TurnTracker.class).iterator().next();
    Chatter chatter = gm.getChatter();
    Method fmt = Chatter.class.getDeclaredMethod("formatChat", String.class);
    fmt.setAccessible(true);
    List<String> results = new ArrayList<>();
    for (String line : lines) {
      if (line.isEmpty()) {
        continue;
      }
      String[] f = line.split("\t", -1);
      switch (f[0]) {
        case "begin": {
          beginLog(gm, logger, outFile);
          results.add(q("begin"));
          break;
        }
        case "next":
        case "prev": {
          call(TurnTracker.class, tracker, "captureState");
          call(TurnTracker.class, tracker, f[0]);
          call(TurnTracker.class, tracker, "save");
          results.add(q(call(TurnTracker.class, tracker, "getTurnString")));
          break;
        }
        case "drag": {
          GamePiece p = findUnit(f[1]);
          actAsOwner(p);
          Map map = findMap(f[2]);
          Dimension edge = map.getEdgeBuffer();
          Point pt = new Point(Integer.parseInt(f[3]) + edge.width, Integer.parseInt(f[4]) + edge.height);
          DragBuffer.getBuffer().clear();
          DragBuffer.getBuffer().add(p);
          PieceMover mover = map.getComponentsOf(PieceMover.class).get(0);
          Method drop = PieceMover.class.getDeclaredMethod("performDrop", Point.class);
          drop.setAccessible(true);
          drop.invoke(mover, pt);
          DragBuffer.getBuffer().clear();
          results.add(q(p.getMap() == null ? null : p.getMap().locationName(p.getPosition())));
          break;
        }
        case "draw": {
          VASSAL.build.module.map.DrawPile pile = VASSAL.build.module.map.DrawPile.findDrawPile(f[1]);
          if (pile == null || pile.getDeck() == null) {
            throw new IllegalArgumentException("no deck " + q(f[1]));
          }
          DragBuffer.getBuffer().clear();
          GamePiece card = null;
          for (VASSAL.counters.PieceIterator it = pile.getDeck().drawCards(); it.hasMoreElements();) {
            GamePiece c = it.nextPiece();
            c.setProperty(VASSAL.counters.Properties.OBSCURED_BY,
                          c.getProperty(VASSAL.counters.Properties.OBSCURED_BY_PRE_DRAW));
            DragBuffer.getBuffer().add(c);
            card = c;
          }
          if (card == null) {
            throw new IllegalArgumentException("empty deck " + q(f[1]));
          }
          Map map = findMap(f[2]);
          Dimension edge = map.getEdgeBuffer();
          Point pt = new Point(Integer.parseInt(f[3]) + edge.width, Integer.parseInt(f[4]) + edge.height);
          PieceMover mover = map.getComponentsOf(PieceMover.class).get(0);
          Method drop = PieceMover.class.getDeclaredMethod("performDrop", Point.class);
          drop.setAccessible(true);
          drop.invoke(mover, pt);
          DragBuffer.getBuffer().clear();
          results.add("[" + q(card.getProperty("mg_unit")) + ","
                      + q(card.getMap() == null ? null : card.getMap().locationName(card.getPosition())) + "]");
          break;
        }
        case "chat": {
          chatter.send((String) fmt.invoke(chatter, f[1]));
          results.add(q(f[1]));
          break;
        }
        case "roll": {
          DiceButton button = null;
          for (DiceButton d : gm.getAllDescendantComponentsOf(DiceButton.class)) {
            if (f[1].equals(d.getConfigureName())) {
              button = d;
            }
          }
          if (button == null) {
            throw new IllegalArgumentException("no dice button " + f[1]);
          }
          Field n = DiceButton.class.getDeclaredField("nDice");
          n.setAccessible(true);
          int dice = n.getInt(button);
          if (f.length > 2) {  // a prompting button: the number of dice the player types in its dialog
            n.setInt(button, Integer.parseInt(f[2]));
          }
          call(DiceButton.class, button, "DR");
          n.setInt(button, dice);
          results.add(q(gm.getProperty(f[1] + "_result")));
          break;
        }
        case "button": {  // a global property's toolbar button (a plugin's per-side track: "German CAPs -1")
          String value = null;
          boolean found = false;
          for (VASSAL.build.module.properties.GlobalProperty gp :
               gm.getAllDescendantComponentsOf(VASSAL.build.module.properties.GlobalProperty.class)) {
            for (VASSAL.build.module.properties.ChangePropertyButton b :
                 gp.getAllDescendantComponentsOf(VASSAL.build.module.properties.ChangePropertyButton.class)) {
              if (!found && f[1].equals(b.getAttributeValueString("text"))) {
                b.launch();  // as a click: the change is sent and logged (GameModule.sendAndLog)
                value = gm.getMutableProperty(gp.getConfigureName()).getPropertyValue();
                found = true;
              }
            }
          }
          if (!found) {
            throw new IllegalArgumentException("no property button " + q(f[1]));
          }
          results.add(q(value));
          break;
        }
        case "key": {
          GamePiece p = findUnit(f[1]);
          actAsOwner(p);
          KeyStroke stroke = KeyStroke.getKeyStroke(f[2]);
          if (stroke == null) {
            throw new IllegalArgumentException("not a key stroke " + q(f[2]));
          }
          Command c = Decorator.getOutermost(p).keyEvent(stroke);
          boolean done = c != null && !c.isNull();
          if (done) {
            gm.sendAndLog(c);
          }
          results.add(q(done ? p.getProperty("Steps_Level") : null));
          break;
        }
        default:
          throw new IllegalArgumentException("unknown action " + q(line));
      }
    }
    logger.write();
    setField(BasicLogger.class, logger, "outputFile", null);  // written: nothing for the next game's setup to save
    logOutput(logger).clear();
    return "[" + String.join(",", results) + "]";
  }

  static List<?> logOutput(BasicLogger logger) throws ReflectiveOperationException {
    Field f = BasicLogger.class.getDeclaredField("logOutput");
    f.setAccessible(true);
    return (List<?>) f.get(logger);
  }

  public static void main(String[] args) throws Exception {
    PrintStream out = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), true, "UTF-8");
    System.setOut(System.err);
    closeDialogs();
    VASSAL.Info.setConfig(new VASSAL.launch.StandardConfig());
    Class<?> mm = Class.forName("VASSAL.launch.Player$PlayerMenuManager");
    Constructor<?> ctor = mm.getDeclaredConstructor();
    ctor.setAccessible(true);
    ctor.newInstance();
    final java.io.ByteArrayOutputStream buf = new java.io.ByteArrayOutputStream();
    final PrintStream body = new PrintStream(buf, true, "UTF-8");
    final Exception[] failure = new Exception[1];
    SwingUtilities.invokeAndWait(() -> {
      try {
        run(args, body);
      } catch (Exception e) {
        failure[0] = e;
        e.printStackTrace();
      }
    });
    SwingUtilities.invokeAndWait(() -> { });
    if (failure[0] != null) {
      out.print("{\"fatal\":" + q(failure[0].toString()));
    } else {
      out.print(buf.toString("UTF-8"));
    }
    List<String> quoted = new ArrayList<>();
    synchronized (ERRORS) {
      for (String e : ERRORS) {
        quoted.add(q(e));
      }
    }
    out.print(",\"errors\":[" + String.join(",", quoted) + "]}\n");
    out.flush();
    System.exit(0);
  }
}
