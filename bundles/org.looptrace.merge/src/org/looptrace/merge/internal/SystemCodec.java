// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.internal;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.looptrace.model.core.EventKind;
import org.looptrace.model.core.RankSet;

/**
 * A system written as bytes and read back equal, construct for construct: how a merged range of
 * ranks travels between machines. Numbers are variable-length (small ranks and counts take a
 * byte or two), each distinct text (tag, collective name, group, local word) is written once and
 * then referred to by its number, and a loop index is written as the depth of its loop, so a
 * system of a few constructs takes a few dozen bytes whatever the ranks it covers. Potentials and
 * coverage are not written: they follow from the constructs and are counted again when read.
 */
public final class SystemCodec {

	private static final int MAGIC = 0x4C545053; // "LTPS"
	private static final int VERSION = 1;
	private static final int LOOP = 0;
	private static final int SEND = 1;
	private static final int RECV = 2;
	private static final int SYNC = 3;
	private static final int LOCAL = 4;
	private static final int TOKEN = 0;
	private static final int AFFINE = 1;

	private SystemCodec() {
	}

	/** A header of longs (what the caller keeps beside the system) and the system, as bytes. */
	public static byte[] write(long[] header, GlobalSystem system) {
		ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		try (DataOutputStream out = new DataOutputStream(bytes)) {
			out.writeInt(MAGIC);
			out.writeByte(VERSION);
			Writer writer = new Writer(out);
			writer.number(header.length);
			for (long value : header) {
				writer.number(value);
			}
			writer.system(system);
		} catch (IOException e) {
			// a byte array does not fail
			throw new UncheckedIOException(e);
		}
		return bytes.toByteArray();
	}

	/** What {@link #write} wrote: the header, then the system. */
	public record Decoded(long[] header, GlobalSystem system) {
	}

	/**
	 * Reads what {@link #write} wrote.
	 *
	 * @throws IllegalArgumentException when the bytes are not a system of this format, saying where
	 */
	public static Decoded read(byte[] data) {
		DataInputStream in = new DataInputStream(new ByteArrayInputStream(data));
		try {
			if (in.readInt() != MAGIC || in.readByte() != VERSION) {
				throw new IllegalArgumentException("not a merged system (version " + VERSION + ")");
			}
			Reader reader = new Reader(in);
			long[] header = new long[reader.count()];
			for (int i = 0; i < header.length; i++) {
				header[i] = reader.number();
			}
			GlobalSystem system = reader.system();
			if (in.read() != -1) {
				throw new IllegalArgumentException("bytes after the system, at byte " + (data.length - in.available() - 1));
			}
			return new Decoded(header, system);
		} catch (EOFException e) {
			throw new IllegalArgumentException("a merged system cut short after " + data.length + " bytes", e);
		} catch (IOException e) {
			throw new UncheckedIOException(e);
		} catch (RuntimeException e) {
			if (e instanceof IllegalArgumentException) {
				throw e;
			}
			throw new IllegalArgumentException("not a merged system: " + e.getMessage(), e);
		}
	}

	private static final class Writer {
		private final DataOutputStream out;
		private final Map<String, Integer> texts = new HashMap<>();
		private final List<LoopVariable> scope = new ArrayList<>();

		Writer(DataOutputStream out) {
			this.out = out;
		}

		void system(GlobalSystem system) throws IOException {
			number(system.items.size());
			for (GlobalConstruct construct : system.items) {
				if (construct instanceof GlobalLoop loop) {
					out.writeByte(LOOP);
					number(loop.count);
					scope.add(loop.var);
					system(loop.body);
					scope.remove(scope.size() - 1);
				} else {
					event((GlobalEvent) construct);
				}
			}
		}

		private void event(GlobalEvent event) throws IOException {
			switch (event.kind) {
			case SEND, RECV -> {
				out.writeByte(event.kind == EventKind.SEND ? SEND : RECV);
				number(event.rank);
				number(event.peer);
				text(event.channelTag());
			}
			case SYNC -> {
				out.writeByte(SYNC);
				number(event.rank);
				text(event.channelTag());
				RankSet group = event.group;
				text(group == null ? "" : group.toString());
			}
			case LOCAL -> {
				out.writeByte(LOCAL);
				number(event.rank);
				number(event.words.size());
				for (LocalWord word : event.words) {
					if (word instanceof LocalWord.Token token) {
						out.writeByte(TOKEN);
						text(token.text());
					} else {
						affine((AffineExpression) word);
					}
				}
			}
			}
		}

		private void affine(AffineExpression expression) throws IOException {
			out.writeByte(AFFINE);
			number(expression.constant);
			number(expression.vars.length);
			for (int j = 0; j < expression.vars.length; j++) {
				int depth = scope.indexOf(expression.vars[j]);
				if (depth < 0) {
					throw new IllegalArgumentException("a local word reads the index of a loop that does not enclose it");
				}
				number(depth);
				number(expression.coefficients[j]);
			}
		}

		/** A text the first time, its number the next times. */
		private void text(String text) throws IOException {
			Integer known = texts.get(text);
			if (known != null) {
				number(known + 1);
			} else {
				number(0);
				byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
				number(utf8.length);
				out.write(utf8);
				texts.put(text, texts.size());
			}
		}

		/** Zig-zag, then 7 bits a byte. */
		void number(long value) throws IOException {
			long rest = value << 1 ^ value >> 63;
			while ((rest & ~0x7FL) != 0) {
				out.writeByte((int) (rest & 0x7F | 0x80));
				rest >>>= 7;
			}
			out.writeByte((int) rest);
		}
	}

	private static final class Reader {
		private final DataInputStream in;
		private final List<String> texts = new ArrayList<>();
		private final List<LoopVariable> scope = new ArrayList<>();
		private final GroupMembers groups = new GroupMembers();

		Reader(DataInputStream in) {
			this.in = in;
		}

		GlobalSystem system() throws IOException {
			int size = count();
			List<GlobalConstruct> items = new ArrayList<>(Math.min(size, 1 << 16));
			for (int i = 0; i < size; i++) {
				int kind = in.readUnsignedByte();
				switch (kind) {
				case LOOP -> {
					long count = number();
					LoopVariable var = new LoopVariable();
					scope.add(var);
					GlobalSystem body = system();
					scope.remove(scope.size() - 1);
					items.add(new GlobalLoop(count, var, body));
				}
				case SEND, RECV -> items.add(GlobalEvent.message(kind == SEND ? EventKind.SEND : EventKind.RECV, rank(),
						rank(), text()));
				case SYNC -> {
					int rank = rank();
					String name = text();
					items.add(GlobalEvent.sync(rank, name, RankSet.valueOf(text()), groups));
				}
				case LOCAL -> {
					int rank = rank();
					int length = count();
					List<LocalWord> words = new ArrayList<>(Math.min(length, 1 << 10));
					for (int w = 0; w < length; w++) {
						words.add(word());
					}
					items.add(GlobalEvent.local(rank, words));
				}
				default -> throw new IllegalArgumentException("unknown construct " + kind);
				}
			}
			return new GlobalSystem(items);
		}

		private LocalWord word() throws IOException {
			int kind = in.readUnsignedByte();
			if (kind == TOKEN) {
				return new LocalWord.Token(text());
			}
			if (kind != AFFINE) {
				throw new IllegalArgumentException("unknown local word " + kind);
			}
			AffineExpression value = AffineExpression.of(number());
			int terms = count();
			for (int j = 0; j < terms; j++) {
				int depth = count();
				if (depth >= scope.size()) {
					throw new IllegalArgumentException("a local word reads loop depth " + depth + " of " + scope.size());
				}
				value = value.plusTimes(AffineExpression.of(scope.get(depth), 1, 0), number());
			}
			return value;
		}

		private String text() throws IOException {
			int known = count();
			if (known == 0) {
				int length = count();
				if (length > in.available()) {
					throw new EOFException();
				}
				byte[] utf8 = new byte[length];
				in.readFully(utf8);
				String text = new String(utf8, StandardCharsets.UTF_8);
				texts.add(text);
				return text;
			}
			if (known > texts.size()) {
				throw new IllegalArgumentException("text " + known + " of " + texts.size());
			}
			return texts.get(known - 1);
		}

		private int rank() throws IOException {
			long value = number();
			if (value < 0 || value > Integer.MAX_VALUE) {
				throw new IllegalArgumentException("rank " + value);
			}
			return (int) value;
		}

		int count() throws IOException {
			long value = number();
			if (value < 0 || value > Integer.MAX_VALUE) {
				throw new IllegalArgumentException("count " + value);
			}
			return (int) value;
		}

		long number() throws IOException {
			long rest = 0;
			for (int shift = 0; shift < 64; shift += 7) {
				int b = in.readUnsignedByte();
				rest |= (long) (b & 0x7F) << shift;
				if ((b & 0x80) == 0) {
					return rest >>> 1 ^ -(rest & 1);
				}
			}
			throw new IllegalArgumentException("a number longer than 64 bits");
		}
	}
}
