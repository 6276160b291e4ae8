// SPDX-License-Identifier: EPL-2.0
package org.looptrace.timeline.internal;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.looptrace.model.Block;
import org.looptrace.model.Construct;
import org.looptrace.model.Event;
import org.looptrace.model.Item;
import org.looptrace.model.Local;
import org.looptrace.model.Loop;
import org.looptrace.model.Message;
import org.looptrace.model.Model;
import org.looptrace.model.Send;
import org.looptrace.model.Sync;
import org.looptrace.model.Value;
import org.looptrace.model.core.Channel;
import org.looptrace.model.core.RankSet;
import org.looptrace.timeline.Drawing.EventKind;

/**
 * Places every event of a model on a Lamport clock, one clock per rank, in ticks from the start of
 * the model: a discrete-event scheduler, block by block. A loop body is placed once (its indices at
 * their lower bounds), inside a box that starts when all its ranks are free; a loop whose index is
 * a rank (a folded loop) is placed once per value of its index, all values side by side in one box.
 * Inside a block, each rank runs its tasks (events, collectives, loops) in model order; a task runs
 * when it heads the queues of all its ranks, and a receive waits until the send it matches is placed,
 * also when the send comes later in a loop body (the model shows one valid interleaving per body,
 * not the one of the first iteration). When every rank waits, the deadlock is broken: the first
 * waiting receive takes the message of the previous iteration ({@link MessageMatcher}), else the
 * earliest task runs. Paths of constructs are named in the same walk, never looked up.
 */
final class TickScheduler {

	private final ModelWalk walk;
	private final MessageMatcher matcher = new MessageMatcher();
	private final List<Placed.Event> events = new ArrayList<>();
	private final List<Placed.Collective> collectives = new ArrayList<>();
	private long[] clocks = new long[64];

	private TickScheduler(ModelWalk walk) {
		this.walk = walk;
	}

	/** The ticks of every construct of the model. */
	static Placed.Timeline place(Model model) {
		List<Env> top = List.of(Env.EMPTY);
		ModelWalk walk = new ModelWalk(model, top);
		TickScheduler scheduler = new TickScheduler(walk);
		PlacedLoop root = new PlacedLoop("", 0, 1, false, walk.topRanks.stream().toArray(), null, 0);
		root.end = scheduler.block(model, top, "", root);
		scheduler.matcher.adoptOrphans();
		return new Placed.Timeline(root, scheduler.events, scheduler.matcher.messages, scheduler.collectives, walk.ranks);
	}

	// ---- clocks ----

	private long clock(int rank) {
		return rank < clocks.length ? clocks[rank] : 0;
	}

	private void setClock(int rank, long tick) {
		if (rank >= clocks.length) {
			clocks = Arrays.copyOf(clocks, Math.max(rank + 1, clocks.length * 2));
		}
		clocks[rank] = tick;
	}

	private long latest(int[] ranks) {
		long latest = 0;
		for (int rank : ranks) {
			latest = Math.max(latest, clock(rank));
		}
		return latest;
	}

	// ---- one block ----

	/**
	 * Places a block starting at its scope's start; returns the tick after its last event. Each rank
	 * queues its tasks in the order it runs them: for a loop over ranks (several environments),
	 * iteration by iteration, so that a rank in two iterations (a token passed round a ring) receives
	 * before it sends on. A loop inside is one task, queued for each rank at the first iteration in
	 * which that rank has events in it.
	 */
	private long block(Block block, List<Env> envs, String prefix, PlacedLoop scope) {
		BlockRun run = new BlockRun(scope);
		Map<Loop, LoopTask> loops = new LinkedHashMap<>();
		for (Env env : envs) {
			int position = 0;
			for (Item item : block.getItems()) {
				if (!(item instanceof Construct construct)) {
					continue;
				}
				position++;
				String path = ModelWalk.path(prefix, position);
				if (construct instanceof Loop loop) {
					LoopTask task = loops.get(loop);
					if (task == null) {
						task = run.addLoop(loop, path, envs);
						loops.put(loop, task);
					}
					run.queueLoop(task, envs.size() == 1 ? task.ranks : walk.ranks(loop, env, path).stream().toArray());
				} else {
					run.addEvent((Event) construct, path, env);
				}
			}
		}
		loops.values().forEach(task -> run.queueLoop(task, task.ranks)); // a rank no single iteration showed, if any
		run.schedule();
		return run.finish();
	}

	private static final Channel NO_CHANNEL = new Channel(-1, -1, "");

	/** What a rank's queue holds: it runs once it heads the queues of all its ranks. */
	private abstract static class Task {
		final int seq;
		int[] ranks = new int[0];
		/** Queues of its ranks where it is first. */
		int heads;
		boolean done;

		Task(int seq) {
			this.seq = seq;
		}
	}

	private static final class EventTask extends Task {
		final String path;
		final EventKind kind;
		final int owner;
		final int src;
		final int dst;
		final String text;
		/** The channel of a send or receive, {@link #NO_CHANNEL} otherwise. */
		final Channel channel;

		EventTask(int seq, String path, EventKind kind, int owner, int src, int dst, String text) {
			super(seq);
			this.path = path;
			this.kind = kind;
			this.owner = owner;
			this.src = src;
			this.dst = dst;
			this.text = text;
			this.channel = kind == EventKind.SEND || kind == EventKind.RECV ? new Channel(src, dst, text) : NO_CHANNEL;
			this.ranks = new int[] { owner };
		}
	}

	private static final class CollectiveTask extends Task {
		final String name;
		final RankSet group;
		final List<Integer> members = new ArrayList<>();
		final List<String> memberPaths = new ArrayList<>();

		CollectiveTask(int seq, String name, RankSet group) {
			super(seq);
			this.name = name;
			this.group = group;
		}
	}

	private static final class LoopTask extends Task {
		final Loop loop;
		final String path;
		final List<Env> envs;
		final long count;

		/** The channels the loop sends on: receives of the block wait for it. */
		final Set<Channel> sends;
		/** The ranks whose queues hold it. */
		final BitSet queued = new BitSet();

		LoopTask(int seq, Loop loop, String path, List<Env> envs, long count, int[] ranks, Set<Channel> sends) {
			super(seq);
			this.sends = sends;
			this.loop = loop;
			this.path = path;
			this.envs = envs;
			this.count = count;
			this.ranks = ranks;
		}
	}

	/** The placing of one block: its tasks in per-rank queues, run as they become ready. */
	private final class BlockRun {

		final PlacedLoop scope;
		final MessageMatcher.BlockMatches matches = matcher.block();
		final Map<Integer, ArrayDeque<Task>> queues = new HashMap<>();
		final List<Task> unranked = new ArrayList<>();
		int seq;
		/** The k-th sync of a member under a name and group belongs to the k-th collective. */
		final Map<String, List<CollectiveTask>> collectivesByKey = new HashMap<>();
		final Map<String, Map<Integer, Integer>> arrivals = new HashMap<>();
		/** Sends of this block not yet placed, by channel. */
		final Map<Channel, int[]> pendingSends = new HashMap<>();
		final Map<Channel, List<EventTask>> waiting = new HashMap<>();
		final ArrayDeque<Task> ready = new ArrayDeque<>();
		int remaining;
		long last;

		BlockRun(PlacedLoop scope) {
			this.scope = scope;
			this.last = scope.start;
		}

		/** A task for the loop, queued for none of its ranks yet. */
		LoopTask addLoop(Loop loop, String path, List<Env> envs) {
			List<Env> inner = walk.inner(loop, envs, path);
			ModelWalk.Coverage coverage = walk.take(loop, path);
			long count = ModelWalk.count(loop, envs.get(0), path);
			LoopTask task = new LoopTask(seq++, loop, path, inner, count, coverage.ranks().stream().toArray(), coverage.sends());
			for (Channel channel : coverage.sends()) {
				pendingSends.computeIfAbsent(channel, c -> new int[1])[0]++;
			}
			if (task.ranks.length == 0) {
				unranked.add(task);
			}
			remaining++;
			return task;
		}

		/** Queues the loop for those of the ranks whose queues do not hold it yet. */
		void queueLoop(LoopTask task, int[] ranks) {
			for (int rank : ranks) {
				if (!task.queued.get(rank)) {
					task.queued.set(rank);
					queues.computeIfAbsent(rank, r -> new ArrayDeque<>()).add(task);
				}
			}
		}

		void addEvent(Event event, String path, Env env) {
			int rank = walk.rank(event.getRank(), env, path);
			if (event instanceof Message message) {
				int peer = walk.rank(message.getPeer(), env, path);
				String tag = ModelWalk.tag(message, env, path);
				boolean send = event instanceof Send;
				EventTask task = new EventTask(seq++, path, send ? EventKind.SEND : EventKind.RECV, send ? rank : peer, rank, peer, tag);
				if (send) {
					pendingSends.computeIfAbsent(task.channel, c -> new int[1])[0]++;
				}
				enqueue(task);
			} else if (event instanceof Sync sync) {
				addSync(sync, path, rank);
			} else {
				StringBuilder words = new StringBuilder();
				for (Value word : ((Local) event).getWords()) {
					words.append(words.isEmpty() ? "" : " ").append(ModelWalk.text(word, env, path));
				}
				enqueue(new EventTask(seq++, path, EventKind.LOCAL, rank, rank, -1, words.toString()));
			}
		}

		/** Joins the member to its collective: queued now, its ranks known once the block is read. */
		private void addSync(Sync sync, String path, int rank) {
			String key = sync.getName() + ' ' + sync.getGroup();
			int k = arrivals.computeIfAbsent(key, x -> new HashMap<>()).merge(rank, 1, Integer::sum) - 1;
			List<CollectiveTask> instances = collectivesByKey.computeIfAbsent(key, x -> new ArrayList<>());
			if (k == instances.size()) {
				instances.add(new CollectiveTask(seq++, sync.getName(), sync.getGroup()));
			}
			CollectiveTask task = instances.get(k);
			task.members.add(rank);
			task.memberPaths.add(path);
			if (task.members.size() == 1) {
				remaining++;
			}
			queues.computeIfAbsent(rank, r -> new ArrayDeque<>()).add(task);
		}

		private void enqueue(Task task) {
			remaining++;
			for (int rank : task.ranks) {
				queues.computeIfAbsent(rank, r -> new ArrayDeque<>()).add(task);
			}
		}

		void schedule() {
			for (Task task : unranked) {
				execute(task);
			}
			for (ArrayDeque<Task> queue : queues.values()) {
				for (Task task : queue) {
					if (task instanceof CollectiveTask collective && collective.ranks.length == 0) {
						collective.ranks = collective.members.stream().mapToInt(Integer::intValue).toArray();
					}
				}
			}
			queues.values().forEach(queue -> arrive(queue.getFirst()));
			while (remaining > 0) {
				while (!ready.isEmpty()) {
					Task task = ready.poll();
					if (task.done) {
						continue;
					}
					if (task instanceof EventTask recv && recv.kind == EventKind.RECV && !canReceive(recv)) {
						waiting.computeIfAbsent(recv.channel, c -> new ArrayList<>()).add(recv);
						continue;
					}
					execute(task);
					advance(task);
				}
				if (remaining > 0) {
					unblock();
				}
			}
		}

		/** Every rank waits: the first waiting receive takes an earlier message, or the first task runs. */
		private void unblock() {
			EventTask first = null;
			for (List<EventTask> receives : waiting.values()) {
				for (EventTask recv : receives) {
					if (!recv.done && (first == null || recv.seq < first.seq)) {
						first = recv;
					}
				}
			}
			if (first != null) {
				waiting.get(first.channel).remove(first);
				matches.early(place(first, clock(first.dst)), first.channel);
				first.done = true;
				remaining--;
				advance(first);
				return;
			}
			Task earliest = null;
			for (ArrayDeque<Task> queue : queues.values()) {
				Task head = queue.peekFirst();
				if (head != null && (earliest == null || head.seq < earliest.seq)) {
					earliest = head;
				}
			}
			if (earliest == null) {
				throw new IllegalStateException("tasks remain but no queue holds one");
			}
			execute(earliest);
			for (int rank : earliest.ranks) {
				ArrayDeque<Task> queue = queues.get(rank);
				if (queue.peekFirst() == earliest) {
					queue.pollFirst();
					Task next = queue.peekFirst();
					if (next != null) {
						arrive(next);
					}
				} else {
					queue.remove(earliest);
				}
			}
		}

		private void arrive(Task task) {
			if (++task.heads == task.ranks.length) {
				ready.add(task);
			}
		}

		private void advance(Task task) {
			for (int rank : task.ranks) {
				ArrayDeque<Task> queue = queues.get(rank);
				queue.pollFirst();
				Task next = queue.peekFirst();
				if (next != null) {
					arrive(next);
				}
			}
		}

		/** A receive can be placed once no send of its channel is to come in this block, or one is unreceived. */
		private boolean canReceive(EventTask recv) {
			if (matcher.hasUnreceived(recv.channel)) {
				return true;
			}
			int[] pending = pendingSends.get(recv.channel);
			return pending == null || pending[0] == 0;
		}

		private Placed.Event place(EventTask task, long tick) {
			setClock(task.owner, tick + 1);
			last = Math.max(last, tick + 1);
			Placed.Event placed = new Placed.Event(task.path, task.kind, task.owner, tick, scope, task.text);
			events.add(placed);
			return placed;
		}

		private void execute(Task task) {
			task.done = true;
			remaining--;
			if (task instanceof EventTask event) {
				switch (event.kind) {
				case SEND -> send(event);
				case RECV -> receive(event);
				default -> place(event, clock(event.owner));
				}
			} else if (task instanceof CollectiveTask collective) {
				collective(collective);
			} else {
				loop((LoopTask) task);
			}
		}

		/** All members at the tick the last of them is free. */
		private void collective(CollectiveTask collective) {
			long tick = latest(collective.ranks);
			for (int i = 0; i < collective.ranks.length; i++) {
				setClock(collective.ranks[i], tick + 1);
				events.add(new Placed.Event(collective.memberPaths.get(i), EventKind.SYNC, collective.ranks[i], tick, scope, collective.name));
			}
			last = Math.max(last, tick + 1);
			collectives.add(new Placed.Collective(List.copyOf(new LinkedHashSet<>(collective.memberPaths)), collective.name,
					collective.group, collective.ranks, tick, scope));
		}

		/** A box from the tick all its ranks are free; its body is a block of its own. */
		private void loop(LoopTask loop) {
			long start = loop.ranks.length == 0 ? scope.start : latest(loop.ranks);
			PlacedLoop placed = new PlacedLoop(loop.path, scope.depth + 1, loop.count, walk.overRanks(loop.loop), loop.ranks, scope, start);
			scope.children.add(placed);
			for (int rank : loop.ranks) {
				setClock(rank, start);
			}
			long end = Math.max(start + 1, Math.max(block(loop.loop, loop.envs, loop.path, placed), latest(loop.ranks)));
			for (int rank : loop.ranks) {
				setClock(rank, end);
			}
			placed.end = end;
			last = Math.max(last, end);
			for (Channel channel : loop.sends) {
				pendingSends.get(channel)[0]--;
				wake(channel);
			}
		}

		private void send(EventTask task) {
			Placed.Event placed = place(task, clock(task.owner));
			pendingSends.get(task.channel)[0]--;
			matches.sent(placed, task.channel);
			wake(task.channel);
		}

		private void wake(Channel channel) {
			List<EventTask> receivers = waiting.remove(channel);
			if (receivers != null) {
				ready.addAll(receivers);
			}
		}

		private void receive(EventTask task) {
			Placed.Event send = matcher.takeSend(task.channel);
			if (send == null) {
				matcher.orphan(place(task, clock(task.owner)), task.channel);
				return;
			}
			matcher.matched(send, place(task, Math.max(clock(task.owner), send.tick() + 1)), task.channel);
		}

		/** Draws the messages of the previous iteration; returns the end of the block. */
		long finish() {
			long end = Math.max(scope.start + 1, last);
			matches.finish(end - scope.start);
			return end;
		}
	}
}
