// SPDX-License-Identifier: EPL-2.0
package org.looptrace.model.core;

import java.util.List;

import org.looptrace.model.Block;
import org.looptrace.model.Expr;
import org.looptrace.model.Item;
import org.looptrace.model.Local;
import org.looptrace.model.Loop;
import org.looptrace.model.LooptraceFactory;
import org.looptrace.model.Model;
import org.looptrace.model.Recv;
import org.looptrace.model.Send;
import org.looptrace.model.Sync;
import org.looptrace.model.Value;

/** Terse construction of models in tests. */
final class ModelBuilder {

	private static final LooptraceFactory FACTORY = LooptraceFactory.eINSTANCE;

	private ModelBuilder() {
	}

	static Model model(Item... items) {
		Model model = FACTORY.createModel();
		add(model, items);
		return model;
	}

	static Loop loop(String index, Expr lower, Expr upper, Item... body) {
		Loop loop = FACTORY.createLoop();
		loop.setIndex(index);
		loop.setLower(lower);
		loop.setUpper(upper);
		add(loop, body);
		return loop;
	}

	static Loop loop(String index, long lower, long upper, Item... body) {
		return loop(index, Exprs.constant(lower), Exprs.constant(upper), body);
	}

	static Send send(Expr src, Expr dst, Value tag) {
		Send send = FACTORY.createSend();
		send.setRank(src);
		send.setPeer(dst);
		send.setTag(tag);
		return send;
	}

	static Recv recv(Expr src, Expr dst, Value tag) {
		Recv recv = FACTORY.createRecv();
		recv.setRank(src);
		recv.setPeer(dst);
		recv.setTag(tag);
		return recv;
	}

	static Sync sync(Expr rank, String name, String group) {
		Sync sync = FACTORY.createSync();
		sync.setRank(rank);
		sync.setName(name);
		sync.setGroup(RankSet.valueOf(group));
		return sync;
	}

	static Local local(Expr rank, Value... words) {
		Local local = FACTORY.createLocal();
		local.setRank(rank);
		local.getWords().addAll(List.of(words));
		return local;
	}

	static Expr c(long value) {
		return Exprs.constant(value);
	}

	static Expr a(long constant, long coefficient, String index) {
		return Exprs.affine(constant, coefficient, index);
	}

	private static void add(Block block, Item... items) {
		block.getItems().addAll(List.of(items));
	}
}
