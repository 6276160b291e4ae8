// SPDX-License-Identifier: EPL-2.0
package org.looptrace.ui.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.eclipse.core.resources.ICommand;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IProjectDescription;
import org.eclipse.core.resources.IProjectNature;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.ui.LoopTraceUi;

/**
 * A project whose trace folders are kept modelled: the nature installs {@link LoopTraceBuilder}, and
 * the model language's builder ({@link LoopTraceUi#MODEL_BUILDER_ID}) that validates its models. It
 * sits beside any other nature, e.g. those of PTP's remote and synchronized projects.
 */
public final class LoopTraceNature implements IProjectNature {

	/** The builders the nature installs. */
	private static final List<String> BUILDERS = List.of(LoopTraceUi.BUILDER_ID, LoopTraceUi.MODEL_BUILDER_ID);

	private @Nullable IProject project;

	/**
	 * Adds the nature (and so the builders) to {@code project}; when it has it already, adds the
	 * builders it lacks (a project given the nature before the model language had a builder).
	 */
	public static void addTo(IProject project, @Nullable IProgressMonitor monitor) throws CoreException {
		IProjectDescription description = project.getDescription();
		List<String> natures = new ArrayList<>(Arrays.asList(description.getNatureIds()));
		if (!natures.contains(LoopTraceUi.NATURE_ID)) {
			natures.add(LoopTraceUi.NATURE_ID);
			description.setNatureIds(natures.toArray(String[]::new));
			project.setDescription(description, monitor);
		} else {
			addBuilders(project, BUILDERS);
		}
	}

	/**
	 * Adds the builders {@code project} should have and lacks: both of them with the nature (a
	 * project given it before one of them existed, or whose {@code .project} was written
	 * elsewhere), else the model language's builder alone, so that its models are validated as
	 * saved without its trace folders being modelled by themselves. Nothing else changes.
	 */
	public static void addBuilders(IProject project) throws CoreException {
		addBuilders(project, buildersOf(project.getDescription()));
	}

	/**
	 * Whether a project has the nature but not every builder the nature installs, in its build
	 * spec; false for a closed project, whose description cannot be read.
	 */
	public static boolean lacksBuilders(IProject project) throws CoreException {
		if (!project.isOpen()) {
			return false;
		}
		IProjectDescription description = project.getDescription();
		return description.hasNature(LoopTraceUi.NATURE_ID) && !Arrays.stream(description.getBuildSpec())
				.map(ICommand::getBuilderName).toList().containsAll(buildersOf(description));
	}

	/** The builders of a project: both with the nature, else the model language's. */
	private static List<String> buildersOf(IProjectDescription description) {
		return description.hasNature(LoopTraceUi.NATURE_ID) ? BUILDERS : List.of(LoopTraceUi.MODEL_BUILDER_ID);
	}

	/** Adds the builders of {@code ids} that {@code project} lacks, after those it has. */
	private static void addBuilders(IProject project, List<String> ids) throws CoreException {
		IProjectDescription description = project.getDescription();
		List<ICommand> commands = new ArrayList<>(Arrays.asList(description.getBuildSpec()));
		for (String id : ids) {
			if (commands.stream().noneMatch(command -> id.equals(command.getBuilderName()))) {
				ICommand command = description.newCommand();
				command.setBuilderName(id);
				commands.add(command);
			}
		}
		if (commands.size() > description.getBuildSpec().length) {
			description.setBuildSpec(commands.toArray(ICommand[]::new));
			project.setDescription(description, null);
		}
	}

	@Override
	public void configure() throws CoreException {
		addBuilders(getProject(), BUILDERS);
	}

	/** Removes the trace builder; the model language's stays, its markers still describe the project's models. */
	@Override
	public void deconfigure() throws CoreException {
		IProject owner = getProject();
		IProjectDescription description = owner.getDescription();
		description.setBuildSpec(Arrays.stream(description.getBuildSpec())
				.filter(command -> !LoopTraceUi.BUILDER_ID.equals(command.getBuilderName())).toArray(ICommand[]::new));
		owner.setDescription(description, null);
	}

	@Override
	public IProject getProject() {
		IProject owner = project;
		if (owner == null) {
			throw new IllegalStateException("the nature is not set on a project yet");
		}
		return owner;
	}

	@Override
	public void setProject(@Nullable IProject project) {
		this.project = project;
	}
}
