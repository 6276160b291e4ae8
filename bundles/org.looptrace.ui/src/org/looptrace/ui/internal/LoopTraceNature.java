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
			addBuilders(project, List.of(LoopTraceUi.BUILDER_ID, LoopTraceUi.MODEL_BUILDER_ID));
		}
	}

	/**
	 * Adds the model language's builder alone to {@code project}, whose models are then validated as
	 * saved, without its trace folders being modelled by themselves; nothing when it has it already.
	 */
	public static void addModelBuilder(IProject project) throws CoreException {
		addBuilders(project, List.of(LoopTraceUi.MODEL_BUILDER_ID));
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
		addBuilders(getProject(), List.of(LoopTraceUi.BUILDER_ID, LoopTraceUi.MODEL_BUILDER_ID));
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
