// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Random;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.looptrace.analysis.diff.Difference.Kind;
import org.looptrace.lang.ModelText;
import org.looptrace.merge.MergeOptions;
import org.looptrace.model.Construct;
import org.looptrace.model.Expr;
import org.looptrace.model.Loop;
import org.looptrace.model.Message;
import org.looptrace.model.Model;
import org.looptrace.model.Symbol;
import org.looptrace.model.Sync;
import org.looptrace.model.Term;
import org.looptrace.model.core.ConstructPath;
import org.looptrace.model.core.Exprs;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.TraceEvent;
import org.looptrace.nlr.NlrOptions;
import org.looptrace.pipeline.Pipeline;
import org.looptrace.testsupport.CollectivePrograms;
import org.looptrace.testsupport.GeneratedPatterns;
import org.looptrace.testsupport.RandomPrograms;
import org.looptrace.testsupport.StepPrograms;
import org.looptrace.testsupport.StepPrograms.Collective;
import org.looptrace.testsupport.StepPrograms.Shift;
import org.looptrace.testsupport.StepPrograms.Step;
import org.looptrace.trace.TraceFolder;
import org.looptrace.trace.generate.Pattern;
import org.looptrace.trace.generate.Patterns;

/**
 * A model has no difference with itself, whatever its loop indices are named; one edit of a model is
 * one difference, at the edited construct; programs edited in one place (a tag, a message, the
 * number of time steps) differ by exactly that once modelled; runs at other problem sizes differ in
 * bounds only, and at other rank counts in bounds, ranks and channels, construct by construct.
 */
class ModelDiffTest {

	/**
	 * The codes whose runs differ in bounds alone at other step and rank counts: not random, nor lu
	 * (its residual every third step splits the time loop) or mg (its process grid changes shape).
	 */
	private static final List<String> CODES = Patterns.NAMES.stream().filter(name -> !name.equals("random")).toList();

	@TempDir
	Path dir = Path.of("");

	@Test
	void aModelAgainstItselfHasNoDifference() throws Exception {
		List<Model> models = new ArrayList<>();
		for (int seed = 0; seed < 12; seed++) {
			models.add(model(RandomPrograms.traces(2 + seed % 6, seed), seed % 2 == 0));
			models.add(model(RandomPrograms.shaped(2 + seed % 6, seed), seed % 3 == 0));
		}
		for (String name : Patterns.ALL) {
			models.add(model(pattern(name, 9, 3), true));
		}
		for (Model model : models) {
			assertEquals(List.of(), compare(model, EcoreUtil.copy(model), false));
			assertEquals(List.of(), compare(model, renamedIndices(model), false), "indices are compared by depth");
		}
	}

	@Test
	void oneEditOfAModelIsOneDifferenceAtTheEditedConstruct() throws Exception {
		Random random = new Random(3434);
		int edits = 0;
		for (int seed = 0; seed < 40; seed++) {
			Model model = model(seed % 2 == 0 ? RandomPrograms.traces(2 + seed % 5, seed) : RandomPrograms.shaped(2 + seed % 5, seed),
					seed % 4 < 2);
			Model edited = EcoreUtil.copy(model);
			List<Construct> constructs = constructs(edited);
			Construct construct = constructs.get(random.nextInt(constructs.size()));
			String path = ConstructPath.of(construct);
			Kind kind = edit(construct);
			String what = "seed " + seed + ", construct " + path;
			List<Difference> differences = constructDifferences(compare(model, edited, false));
			assertEquals(1, differences.size(), () -> what + ": " + differences);
			Difference difference = differences.get(0);
			assertEquals(kind, difference.kind(), what);
			assertSame(ConstructPath.find(model, path), difference.left(), what);
			assertSame(construct, difference.right(), what);
			if (kind == Kind.BOUNDS) {
				assertEquals(List.of(), constructDifferences(compare(model, edited, true)), what + ": bounds ignored");
			}
			edits++;
		}
		assertEquals(40, edits);
	}

	@Test
	void aConstructRemovedIsOneDifferenceInItsBlock() throws Exception {
		Random random = new Random(343);
		for (int seed = 0; seed < 40; seed++) {
			Model model = model(RandomPrograms.traces(2 + seed % 5, seed), seed % 2 == 0);
			Model edited = EcoreUtil.copy(model);
			List<Construct> constructs = constructs(edited);
			Construct removed = constructs.get(random.nextInt(constructs.size()));
			String path = ConstructPath.of(removed);
			EcoreUtil.remove(removed);
			String what = "seed " + seed + ", construct " + path;
			List<Difference> differences = constructDifferences(compare(model, edited, false));
			assertEquals(1, differences.size(), () -> what + ": " + differences);
			Difference difference = differences.get(0);
			assertEquals(Kind.REMOVED, difference.kind(), what);
			Construct reported = difference.left();
			assertNotNull(reported);
			// among equal neighbours, any one of them may be the one reported
			assertTrue(EcoreUtil.equals(reported, removed), what);
			assertEquals(parent(path), parent(ConstructPath.of(reported)), what);
		}
	}

	@Test
	void aTagChangedInTheProgramIsThatTagOnItsSendsAndReceives() throws Exception {
		Model before = model(StepPrograms.traces(8, 6, program("left")), true);
		Model after = model(StepPrograms.traces(8, 6, program("west")), true);
		List<Difference> differences = compare(before, after, false);
		List<Construct> tagged = messagesTagged(before, "left");
		assertFalse(tagged.isEmpty());
		assertEquals(tagged.size(), differences.size(), differences::toString);
		for (int k = 0; k < tagged.size(); k++) {
			Difference difference = differences.get(k);
			assertEquals(Kind.CHANGED, difference.kind());
			assertEquals("tag left against west", difference.what());
			assertSame(tagged.get(k), difference.left());
			assertSame(messagesTagged(after, "west").get(k), difference.right());
			assertEquals(ConstructPath.of(tagged.get(k)), ConstructPath.of(messagesTagged(after, "west").get(k)));
		}
	}

	/** A message added to the code: every rank sends it, in every time step. */
	@Test
	void aMessageAddedToTheProgramIsItsSendAndReceiveAndItsChannels() throws Exception {
		List<Step> steps = new ArrayList<>(program("left"));
		Model before = model(StepPrograms.traces(8, 6, steps), true);
		steps.add(2, new Shift(3, "extra"));
		Model after = model(StepPrograms.traces(8, 6, steps), true);
		List<Difference> differences = compare(before, after, false);
		List<Construct> added = messagesTagged(after, "extra");
		assertEquals(2, added.size(), "a send and a receive");
		assertEquals(2 + 8, differences.size(), differences::toString);
		for (int k = 0; k < 2; k++) {
			assertEquals(Kind.ADDED, differences.get(k).kind());
			assertSame(added.get(k), differences.get(k).right());
			assertTrue(ConstructPath.of(added.get(k)).startsWith("1.1."), "inside the loops of time steps and ranks");
		}
		for (int rank = 0; rank < 8; rank++) {
			assertEquals(new Difference(Kind.CHANNELS, null, null, "rank " + rank + " to rank " + (rank + 3) % 8 + " added (6 messages)"),
					differences.get(2 + rank));
		}
	}

	@Test
	void aTimeStepCountChangedIsTheBoundsOfTheTimeLoop() throws Exception {
		Model before = model(StepPrograms.traces(8, 6, program("left")), true);
		Model after = model(StepPrograms.traces(8, 9, program("left")), true);
		List<Difference> differences = compare(before, after, false);
		assertEquals(List.of(new Difference(Kind.BOUNDS, (Construct) before.getItems().get(0), (Construct) after.getItems().get(0),
				"0 to 5 against 0 to 8 (6 against 9 iterations)")), differences);
		assertEquals(List.of(), compare(before, after, true));
	}

	/**
	 * Two loops in the same gap are compared by their bodies when these have constructs of the same
	 * kind; when they have nothing alike, one is removed and the other added, each once.
	 */
	@Test
	void loopsWithNothingAlikeAreOneRemovedAndOneAdded() throws Exception {
		String sends = "for i0 = 0 to 9\n  for i1 = 0 to 3\n    0 send 1 i1\n  done\n  0 sync MPI_Barrier 0-1\ndone\n";
		String locals = "for i = 0 to 5\n  1 local init\ndone\n";
		Model a = ModelText.parse(sends, "a.loops");
		Model b = ModelText.parse(locals, "b.loops");
		List<Difference> differences = compare(a, b, false);
		assertEquals(List.of(Kind.REMOVED, Kind.ADDED, Kind.CHANNELS), differences.stream().map(Difference::kind).toList());
		assertSame(a.getItems().get(0), differences.get(0).left());
		assertSame(b.getItems().get(0), differences.get(1).right());

		Model collective = ModelText.parse("for i = 0 to 5\n  0 sync MPI_Allreduce 0-1\ndone\n", "c.loops");
		assertEquals(List.of(Kind.BOUNDS, Kind.REMOVED, Kind.CHANGED, Kind.CHANNELS),
				compare(a, collective, false).stream().map(Difference::kind).toList(), "loops with collectives in their bodies stay paired");
	}

	/**
	 * A number written two ways is one number: c·mod(x,m) is c·(m−1) − c·mod(−x−1,m), and the
	 * folding may write either (2-mod(-i,3) and mod(2+i,3)); a number that differs is reported.
	 */
	@Test
	void residuesWrittenWithEitherSignAreTheSameNumber() throws Exception {
		Random random = new Random(3);
		for (int run = 0; run < 200; run++) {
			long m = 2 + random.nextInt(7);
			long c = 1 + random.nextInt(4);
			long a = random.nextInt(5) - 2;
			long b = random.nextInt(9) - 4;
			long k = random.nextInt(20);
			String positive = k + "+" + c + "*mod(" + b + "+" + a + "*i+j," + m + ")";
			String negative = (k + c * (m - 1)) + "-" + c + "*mod(" + (-b - 1) + "+" + (-a) + "*i-j," + m + ")";
			Model left = ModelText.parse(peers(positive), "left.loops");
			Model right = ModelText.parse(peers(negative), "right.loops");
			assertEquals(List.of(), compare(left, right, false), positive + " against " + negative);
			Model other = ModelText.parse(peers(k + 1 + "+" + c + "*mod(" + b + "+" + a + "*i+j," + m + ")"), "other.loops");
			assertEquals(Kind.RANKS, compare(left, other, false).get(0).kind(), positive);
		}
	}

	/** Rank 0 sending to the peers the number gives, over i and j from 0 to 3 (numbers written by hand). */
	private static String peers(String number) {
		return "for i = 0 to 3\n  for j = 0 to 3\n    0 send " + number.replace("+-", "-").replace("--", "+") + " 1\n  done\ndone\n";
	}

	/**
	 * Two problem sizes of a code (iterations): their models differ in loop bounds only. Not the
	 * butterfly: on 8 or 9 ranks and 3 iterations its time loop folds inside its loop over ranks,
	 * a nest of the same size as the other way round, which the diff rightly reports as changed.
	 */
	@Test
	void problemSizesDifferInBoundsOnly() throws Exception {
		for (String name : CODES.stream().filter(code -> !code.equals("butterfly")).toList()) {
			Model small = model(pattern(name, 9, 3), true);
			Model large = model(pattern(name, 9, 7), true);
			assertTrue(compare(small, large, false).stream().allMatch(difference -> difference.kind() == Kind.BOUNDS), name);
			assertFalse(compare(small, large, false).isEmpty(), name);
			assertEquals(List.of(), compare(small, large, true), name);
		}
	}

	@Test
	void rankCountsAlignConstructByConstruct() throws Exception {
		for (String name : CODES) {
			List<Difference> differences = compare(model(pattern(name, 64, 3), true), model(pattern(name, 256, 3), true), false);
			assertTrue(differences.stream().anyMatch(difference -> difference.kind() == Kind.BOUNDS), name);
			for (Difference difference : differences) {
				assertTrue(List.of(Kind.BOUNDS, Kind.RANKS, Kind.CHANNELS).contains(difference.kind()), () -> name + ": " + difference);
				if (difference.left() instanceof Construct left && difference.right() instanceof Construct right) {
					assertEquals(ConstructPath.of(left), ConstructPath.of(right), name);
				}
			}
			assertEquals(1, differences.stream().filter(difference -> difference.kind() == Kind.CHANNELS).count(),
					"one line for the channels of other ranks");
		}
	}

	private static List<Step> program(String tag) {
		return List.of(new Shift(1, "right"), new Shift(-1, tag), new Collective("MPI_Allreduce"), new Shift(2, "far"));
	}

	/** Edits a construct so that it differs in one field; returns the kind of difference expected. */
	private static Kind edit(Construct construct) {
		if (construct instanceof Loop loop) {
			Expr upper = EcoreUtil.copy(loop.getUpper());
			upper.setConstant(upper.getConstant() + 1);
			loop.setUpper(upper);
			return Kind.BOUNDS;
		}
		if (construct instanceof Message message) {
			// a number, which a tag on a communicator needs too
			message.setTag(Exprs.constant(987654));
			return Kind.CHANGED;
		}
		if (construct instanceof Sync sync) {
			sync.setName("edited");
			return Kind.CHANGED;
		}
		org.looptrace.model.Event event = (org.looptrace.model.Event) construct;
		Expr rank = EcoreUtil.copy(event.getRank());
		rank.setConstant(rank.getConstant() + 1000);
		event.setRank(rank);
		return Kind.RANKS;
	}

	/** A copy with every loop index renamed. */
	private static Model renamedIndices(Model model) {
		Model copy = EcoreUtil.copy(model);
		for (Iterator<EObject> it = copy.eAllContents(); it.hasNext();) {
			EObject object = it.next();
			if (object instanceof Loop loop) {
				loop.setIndex("k_" + loop.getIndex());
			} else if (object instanceof Term term) {
				term.setIndex("k_" + term.getIndex());
			}
		}
		return copy;
	}

	private static List<Construct> constructs(Model model) {
		List<Construct> constructs = new ArrayList<>();
		model.eAllContents().forEachRemaining(object -> {
			if (object instanceof Construct construct) {
				constructs.add(construct);
			}
		});
		return constructs;
	}

	private static List<Construct> messagesTagged(Model model, String tag) {
		return constructs(model).stream()
				.filter(construct -> construct instanceof Message message && message.getTag() instanceof Symbol symbol && symbol.getName().equals(tag))
				.toList();
	}

	private static List<Difference> constructDifferences(List<Difference> differences) {
		return differences.stream().filter(difference -> difference.kind() != Kind.CHANNELS).toList();
	}

	private static String parent(String path) {
		int dot = path.lastIndexOf('.');
		return dot < 0 ? "" : path.substring(0, dot);
	}

	private static List<Difference> compare(Model left, Model right, boolean ignoreCounts) {
		return ModelDiff.compare(left, right, ignoreCounts, Progress.NONE);
	}

	private Model model(List<List<TraceEvent>> traces, boolean fold) throws Exception {
		Path folder = Files.createTempDirectory(dir, "run");
		CollectivePrograms.write(traces, folder);
		return Pipeline.model(TraceFolder.open(folder), NlrOptions.DEFAULTS, new MergeOptions(2, fold), Progress.NONE);
	}

	private static List<List<TraceEvent>> pattern(String name, int ranks, int iterations) {
		Pattern pattern = GeneratedPatterns.create(name, ranks, iterations, 0);
		List<List<TraceEvent>> traces = new ArrayList<>();
		for (int rank = 0; rank < ranks; rank++) {
			List<TraceEvent> events = new ArrayList<>();
			pattern.events(rank).forEachRemaining(events::add);
			traces.add(events);
		}
		return traces;
	}
}
