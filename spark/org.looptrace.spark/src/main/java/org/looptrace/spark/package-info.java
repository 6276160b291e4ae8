// SPDX-License-Identifier: EPL-2.0
/**
 * LoopTrace on Apache Spark: {@link org.looptrace.spark.SparkModel}, the global model of a trace
 * folder made by the tasks of a Spark job (local models and their merge over ranges of ranks), with
 * the same bytes as on one machine. Outside the Eclipse product: a plain jar over the engine bundles.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.looptrace.spark;
